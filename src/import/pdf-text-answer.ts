/** What the PDF thread answers: the text, a bound it passed, or why the file cannot be read. */
export type PdfTextAnswer =
  | { type: 'text'; text: string }
  | { type: 'over'; limit: 'pdfPages' | 'pdfInflatedBytes' | 'documentChars'; reason: string }
  | { type: 'unreadable'; reason: string };
