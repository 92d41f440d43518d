/**
 * The documented maximum of every input and answer. Each one keeps the work of a single call
 * small and predictable: the schemas refuse anything larger before it reaches the database, the
 * gateway refuses a larger body before it asks for a sign-in or a payment, and the docs, tool
 * schemas, /openapi.json and /llms.txt are written from this table.
 */
export const LIMITS = {
  /** Characters of a peer, session or target id (a btree key holds about 2.7 KB). */
  idChars: 256,
  /** Characters of a search or chat query. */
  queryChars: 4000,
  /** Distinct words of a query that search and chat use: the rarest ones, when there are more. */
  queryTerms: 32,
  /** Characters of one message's content (about 25,000 tokens at most). */
  messageChars: 100_000,
  /** Messages in one add_messages call or POST /messages. */
  messagesPerCall: 100,
  /** Entries of a peer card, and characters of one entry. */
  cardEntries: 100,
  cardEntryChars: 1000,
  /** Peers in one add_session_peers or remove_session_peers call. */
  peersPerCall: 100,
  /** Metadata of a message, as JSON: its size in characters and how deeply it nests. */
  metadataChars: 16_384,
  metadataDepth: 16,
  /** Bytes of one request: an HTTP body (gateway and MCP over HTTP) or a stdio frame. */
  requestBodyBytes: 4 * 1024 * 1024,
  /** Token budget of get_context (its messages, summary, card and representation together). */
  contextTokens: 100_000,
  /**
   * Characters of one answer's message contents together: past it, each content is cut with a
   * marker that says how to read it whole (a smaller page), so no answer outgrows a client (the
   * reference stdio client drops a connection whose message passes 10 MiB, and an answer carries
   * its contents twice: structured and as text).
   */
  answerChars: 500_000,
  /**
   * Characters one document (a platform upload, import_file, import_text) is stored as, after
   * normalisation: as many as a request may have bytes, so no small file is written as a large one
   * (nested JSON pretty-printed, a PDF's compressed text).
   */
  documentChars: 4 * 1024 * 1024,
  /** How deeply a JSON document nests arrays and objects: deeper ones are refused before parsing. */
  documentDepth: 32,
  /** Pages of a PDF read for their text: a larger PDF is refused before any page is read. */
  pdfPages: 1000,
  /**
   * Bytes a PDF's streams may decode to (inflate, LZW, run-length, fonts), counted as the reader
   * allocates them: past it the reading stops, so a small compressed bomb costs no more than this.
   */
  pdfInflatedBytes: 32 * 1024 * 1024,
  /** Heap of the thread that reads one PDF: past it the thread is ended. */
  pdfHeapBytes: 256 * 1024 * 1024,
  /** Milliseconds one PDF may take to read: past it the thread reading it is ended. */
  pdfReadMs: 20_000,
} as const;
