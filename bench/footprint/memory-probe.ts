import { appendFileSync } from 'node:fs';
import { isMainThread, threadId } from 'node:worker_threads';

/**
 * Preloaded into a peermem process (`node --import memory-probe.js`) by profile-footprint: every
 * thread, the main one and the learning thread alike, appends `process.memoryUsage()` of its own
 * isolate and the size of every WebAssembly memory it made to the file PEERMEM_MEMORY_PROBE
 * names, every PROBE_MS, one JSON line each. Nothing of peermem's own code is changed.
 */
const PROBE_MS = 250;

type WasmMemory = { buffer: ArrayBuffer };
type WasmInstance = { exports: Record<string, unknown> };
/** The part of WebAssembly's API used here (the compiler's libraries leave the DOM's types out). */
const wasm = (globalThis as unknown as { WebAssembly: Record<string, unknown> }).WebAssembly as {
  Memory: abstract new (...args: never[]) => WasmMemory;
  Instance: abstract new (...args: never[]) => WasmInstance;
  instantiate(...args: unknown[]): Promise<unknown>;
};

/** Starts noting every WebAssembly memory this thread instantiates; returns their size now, in bytes. */
export function watchWasmMemories(): () => number {
  const memories = new Set<WasmMemory>();
  const keep = (value: unknown) => {
    if (value instanceof wasm.Memory) memories.add(value);
  };
  const noteInstance = (instance: WasmInstance, imports: unknown) => {
    for (const value of Object.values(instance.exports)) keep(value);
    for (const space of Object.values((imports ?? {}) as Record<string, Record<string, unknown>>))
      for (const value of Object.values(space ?? {})) keep(value);
  };
  const instantiate = wasm.instantiate.bind(wasm);
  wasm.instantiate = async (...args: unknown[]) => {
    const result = await instantiate(...args);
    const instance =
      result instanceof wasm.Instance ? result : (result as { instance: WasmInstance }).instance;
    noteInstance(instance, args[1]);
    return result;
  };
  return () => [...memories].reduce((sum, memory) => sum + memory.buffer.byteLength, 0);
}

const file = process.env.PEERMEM_MEMORY_PROBE;
if (file !== undefined) {
  const wasmBytes = watchWasmMemories();
  const thread = isMainThread ? 'main' : `worker ${threadId}`;
  const sample = () => {
    const usage = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ thread, at: Date.now(), ...usage, wasmBytes: wasmBytes() })}\n`);
  };
  sample();
  setInterval(sample, PROBE_MS).unref();
}
