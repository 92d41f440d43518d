/**
 * English function words, the core that the usual English stopword lists share: they occur in
 * any text and say nothing of what it is about. Each reader of text adds the words its own text
 * makes as empty (the offline learning's chat words, the word vectors' letters and clitics, the
 * BM25 reference's contractions), beside its list.
 */
export const FUNCTION_WORDS: readonly string[] =
  `a about above after again against all am an and any are as at be
because been before being below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself me more most my myself
no nor not of off on once only or other our ours ourselves out over own same she should so some such than that the
their theirs them themselves then there these they this those through to too under until up very was we were what
when where which while who whom why with would you your yours yourself yourselves`.split(/\s+/);

/** What people put in chat that says as little as a function word: "yeah, I just really liked it". */
export const CHAT_FILLERS: readonly string[] = ['just', 'also', 'really', 'yeah', 'oh'];
