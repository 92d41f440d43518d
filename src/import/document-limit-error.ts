import { LIMITS } from '../schemas/limits.js';
import { MemoryError } from '../service/errors.js';

/** The `LIMITS` that bound the work of reading one document. */
export type DocumentLimit =
  | 'documentChars'
  | 'documentDepth'
  | 'pdfPages'
  | 'pdfInflatedBytes'
  | 'pdfHeapBytes'
  | 'pdfReadMs';

/**
 * A document refused because reading it would pass one of its bounds: an `invalid_input`
 * naming the field, whose message names the bound and its value, and which carries both so an
 * edge can say so in its own form (the platform answers 413 or 422 with them).
 */
export class DocumentLimitError extends MemoryError {
  override name = 'DocumentLimitError';
  readonly limit: DocumentLimit;
  readonly max: number;

  constructor(field: string, limit: DocumentLimit, reason: string, hint: string) {
    super('invalid_input', `${field}: ${reason} (${limit} is ${LIMITS[limit]})`, { field, hint });
    this.limit = limit;
    this.max = LIMITS[limit];
  }
}
