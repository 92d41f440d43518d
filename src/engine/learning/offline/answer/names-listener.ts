import { escapeRegExp } from './escape-reg-exp.js';

/** Whether a sentence calls one of these peers by name, or the first letters of it ("Mel"), as people address each other. */
export function namesListener(text: string, listeners: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return listeners.some((name) => {
    const start = escapeRegExp(name.slice(0, 3));
    return new RegExp(
      `^(?:(?:hey|hi|hello|oh|wow|thanks|thank you|yeah|yes|no|ok|aw+)[,!]? )?${start}\\w*\\b[,!]|,\\s*${start}\\w*[.!?]*$`,
    ).test(lower);
  });
}
