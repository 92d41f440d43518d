import compromise from 'compromise';
import datesPlugin, { type DatesMethods } from 'compromise-dates';

// The dates plugin resolves "last Saturday" or "two weeks ago" against a given day.
compromise.plugin(datesPlugin);

/** compromise with date resolution: part-of-speech tags, named entities, dates. */
export const nlp = (text: string) => compromise<DatesMethods>(text);

type Lexicon = Record<string, string | string[] | undefined>;
const lexicon = (compromise.world() as { model: { one: { lexicon: Lexicon } } }).model.one.lexicon;

/**
 * The tags compromise's own word list gives a word ("keep" is an infinitive, "harry" a male
 * name), or none for a word it does not list: a look-up, where tagging a sentence parses it whole.
 */
export function listedTags(word: string): string[] {
  const tags = lexicon[word.toLowerCase()];
  return tags === undefined ? [] : [tags].flat();
}
