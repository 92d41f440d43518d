/** A byte count as people read it: "4194304 bytes (4 MiB)". */
export const formatBytes = (bytes: number) => `${bytes} bytes (${bytes / (1024 * 1024)} MiB)`;
