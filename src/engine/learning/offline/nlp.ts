import compromise from 'compromise';
import datesPlugin, { type DatesMethods } from 'compromise-dates';

// The dates plugin resolves "last Saturday" or "two weeks ago" against a given day.
compromise.plugin(datesPlugin);

/** compromise with date resolution: part-of-speech tags, named entities, dates. */
export const nlp = (text: string) => compromise<DatesMethods>(text);
