import { lemmaWords } from './verb-lemmas.js';

/**
 * Words a question may use for what the evidence says more narrowly or in other words: "What is
 * the name of her dog?" of "we adopted a beagle called Pickle", "how old are his kids?" of "our
 * son is 4", "what kind of pet does he have?" of "we got a spaniel puppy". One way only where the
 * words name kinds of a thing: a question about a son is not answered with a daughter.
 */
const KINDRED: Record<string, string> = {
  dog: 'puppy pup beagle labrador retriever terrier poodle spaniel collie husky bulldog dachshund corgi greyhound',
  cat: 'kitten kitty',
  pet: 'dog puppy pup cat kitten kitty hamster rabbit bunny parrot tortoise',
  child: 'son daughter baby toddler kid',
  kid: 'son daughter baby toddler child',
  partner: 'husband wife boyfriend girlfriend fiance fiancee spouse',
  spouse: 'husband wife',
  parent: 'mum mom mother dad father',
  sibling: 'brother sister',
  // The same relative, said fondly or formally.
  mother: 'mum mom mama',
  mum: 'mother mom',
  mom: 'mother mum',
  father: 'dad papa',
  dad: 'father',
  grandmother: 'grandma gran granny nan nana',
  grandma: 'grandmother gran granny',
  grandfather: 'grandpa granddad grandad',
  grandpa: 'grandfather granddad grandad',
  trip: 'holiday vacation travel flight getaway journey',
  holiday: 'trip vacation getaway',
  vacation: 'trip holiday getaway',
  house: 'home flat apartment',
  home: 'house flat apartment',
  flat: 'apartment home',
  apartment: 'flat home',
  university: 'uni college',
  film: 'movie',
  movie: 'film',
  car: 'vehicle',
  // "Is she allergic to anything?" of "I have a peanut allergy": the stems differ ("allerg", "allergi").
  allergic: 'allergy',
  allergy: 'allergic',
  // Kinds a "what sport / instrument / drink?" question asks among.
  sport:
    'football soccer tennis basketball cricket rugby golf hockey baseball volleyball badminton swimming running cycling climbing yoga boxing skiing surfing',
  instrument: 'guitar piano violin drums cello flute saxophone trumpet ukulele keyboard harp clarinet',
  drink: 'tea coffee beer wine juice cocktail',
  // Kinds of tool a "which package manager / database / language?" question about a project asks
  // among; Go only as "golang": "go" is said of going far more than of the language.
  package: 'pnpm npm yarn bun pip poetry cargo maven gradle composer',
  database: 'postgres postgresql mysql sqlite mongodb redis dynamodb mariadb cassandra supabase firebase',
  state: 'redux zustand mobx recoil jotai xstate pinia vuex',
  language: 'python rust golang typescript javascript java kotlin swift ruby php elixir scala',
  framework: 'react vue angular svelte django rails flask express laravel spring fastapi',
  test: 'vitest jest mocha pytest cypress playwright junit rspec minitest',
  linter: 'eslint ruff pylint flake8 rubocop stylelint clippy',
  formatter: 'prettier black gofmt rustfmt',
  bundler: 'webpack vite esbuild rollup parcel turbopack',
  ci: 'jenkins circleci travis buildkite',
};

/** A word list keyed and valued by stems, as questions and evidence are read. */
function byStem(words: Record<string, string>): ReadonlyMap<string, readonly string[]> {
  return new Map(
    Object.entries(words).flatMap(([word, kin]) => {
      const [stem] = lemmaWords(word);
      return stem === undefined ? [] : [[stem, lemmaWords(kin)] as const];
    }),
  );
}

/**
 * Tools named after what they do, which people say as the doing: "which linter?" of "we lint with
 * ruff", "what formatter?" of "we format with black". The doing speaks of the tool; it never names
 * one, so it is no kind of it.
 */
const DOING: Record<string, string> = {
  linter: 'lint linting',
  formatter: 'format formatting',
  bundler: 'bundle bundling',
  compiler: 'compile compiling',
  transpiler: 'transpile transpiling',
  scheduler: 'schedule scheduling',
};

const DOING_STEMS = byStem(DOING);

/** The stems of the doing a tool's noun is named after ("lint" for "linter"), else none. */
export function doingStems(stem: string): readonly string[] {
  return DOING_STEMS.get(stem) ?? [];
}

const KINDRED_STEMS = byStem(KINDRED);

/** The stems that stand for a question's stem in evidence, itself first. */
export function kindredStems(stem: string): readonly string[] {
  return [stem, ...(KINDRED_STEMS.get(stem) ?? [])];
}

/**
 * The kinds of the noun that narrows a head's last ("test" of "test framework": vitest, jest…),
 * when it has any: a noun so narrowed is one of those, not one of the last noun's kinds (React is a
 * framework, not a test framework). The nearest such noun narrows it, though a noun without kinds
 * stands between ("state" of "state management library").
 */
export function narrowingKinds(head: string): readonly string[] {
  const nouns = head.split(' ').slice(0, -1).reverse();
  for (const noun of nouns) {
    const [stem] = lemmaWords(noun);
    const kinds = stem === undefined ? [] : kindredStems(stem).slice(1);
    if (kinds.length > 0) return kinds;
  }
  return [];
}
