import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest, SlotFact } from '../../../../src/engine/learning/reasoner.js';

const message = (id: string, content: string) => ({
  id,
  peer_id: 'Ada',
  content,
  created_at: '2026-05-08T13:56:00.000Z',
});

const ask = (
  question: string,
  messages: AnswerRequest['messages'],
  level: AnswerRequest['level'] = 'low',
  observations: AnswerRequest['observations'] = [],
) => answerQuestion({ question, peer: 'Ada', about: 'Ada', observations, slotFacts: [], messages, level });

describe('answerQuestion, offline', () => {
  it('answers from the sentence of a message that holds the answer', async () => {
    const messages = [message('1', 'Hello there. I moved to Lisbon in 2019. The weather is nice.')];
    expect(await ask('When did Ada move to Lisbon?', messages)).toBe('2019');
  });

  it("declines a question whose words only the asker's name shares with the memory", async () => {
    const messages = [
      { ...message('1', 'I moved to Lisbon last spring.'), peer_id: 'alice' },
      { ...message('2', 'I work as a nurse at Santa Maria hospital.'), peer_id: 'alice' },
    ];
    const ask = (question: string) =>
      answerQuestion({
        question,
        peer: 'alice',
        about: 'alice',
        observations: [],
        slotFacts: [],
        messages,
        level: 'low',
      });
    // "alice's" is the name, stemmed like the question's other words: it answers nothing.
    expect(await ask("What is alice's favourite colour?")).toBeNull();
    expect(await ask('Where did alice move?')).toBe('Lisbon');
  });

  it('gives a secret or an identifier only from evidence that names it or holds its value', async () => {
    const unrelated = [
      message('1', 'The client is a clinic on St. John Rd and they want the App Store release by June.'),
      message('2', 'I renewed my annual licence in January.'),
    ];
    // Evidence that shares only the other words holds no password, key or number: no answer.
    expect(await ask('What is the App Store Connect password?', unrelated)).toBeNull();
    expect(await ask("What is Ada's licence key?", unrelated)).toBeNull();
    expect(await ask("What is Ada's VAT number?", unrelated)).toBeNull();
    // Named, or given by its value.
    const given = [
      ...unrelated,
      message('3', 'The wifi password is hunter2.'),
      message('5', 'My ticket is 4821, by the way.'),
    ];
    expect(await ask('What is the wifi password?', given)).toContain('hunter2');
    expect(await ask("What is Ada's ticket number?", given)).toContain('4821');
    // A number said to be of another kind is not the one asked for; of the same kind, it is.
    const labelled = [message('6', 'Booking number is HX-40417, the flight leaves at 9.')];
    expect(await ask("What is Ada's passport number?", labelled)).toBeNull();
    const listed = [message('8', 'The invoice numbers are INV-20 and INV-21, sent to ada@example.org.')];
    expect(await ask("What is Ada's phone number?", listed)).toBeNull();
    expect(await ask("What is Ada's booking number?", labelled)).toContain('HX-40417');
    // The identifier, not the sentence's other words.
    const injured = [
      message('11', 'I need to freeze my membership, tore a ligament in my knee 🙃 member no. is GX-20931'),
    ];
    expect(await ask("What is Ada's membership number?", injured)).toBe('GX-20931');
    const shortened = [message('7', 'my member number is QT-5521')];
    expect(await ask("What is Ada's membership number?", shortened)).toContain('QT-5521');
    // A secret named but not given ("the key rotates on Thursday") is no answer to what it is.
    const rotated = [
      message('9', "fyi the payments API key rotates on Thursday, I'll update the secrets by Wednesday"),
    ];
    expect(await ask('What is the payments API key?', rotated)).toBeNull();
    // A DSN is a secret too: where it lives is not what it is.
    const kept = [message('12', 'crash reporting is Sentry, the DSN lives in the xcconfig, not in code')];
    expect(await ask('What is the Sentry DSN?', kept)).toBeNull();
    expect(
      await ask('What is the payments API key?', [
        ...rotated,
        message('10', 'new payments API key: pk-77x1'),
      ]),
    ).toContain('pk-77x1');
    // "code" that only qualifies the noun asked is no identifier asked for.
    const rule = [message('4', 'The code review rule is two approvals.')];
    expect(await ask('What is the code review rule?', rule)).toContain('two approvals');
  });

  it('reads who someone is from the relation that names them, in a sentence that names several people', async () => {
    const messages = [
      message('1', 'I live in Porto with my husband Tomas and our daughter Lina, she is 6.'),
      message('2', 'Rui, my brother, got a dog named Biscuit last week.'),
    ];
    expect(await ask("What is Ada's daughter's name?", messages)).toBe('Lina');
    expect(await ask("Who is Ada's husband?", messages)).toBe('Tomas');
    expect(await ask('Who is Lina?', messages)).toBe("Ada's daughter");
    expect(await ask('Who is Rui?', messages)).toBe("Ada's brother");
    expect(await ask("What is the name of Ada's dog?", messages)).toBe('Biscuit');
  });

  it('answers what came before, or after, from the change the evidence states', async () => {
    const messages = [
      message('1', 'We migrated our CI from Jenkins to GitHub Actions in March, builds are faster.'),
      message('2', 'The database is Postgres now, we moved off MySQL after the outage.'),
      message('3', 'Priya took over the on-call rota from me last week.'),
      message('4', 'I handed the design reviews over to Sam.'),
    ];
    expect(await ask('What did they use for builds before GitHub Actions?', messages)).toBe('Jenkins');
    expect(await ask('Which database did they use before Postgres?', messages)).toBe('MySQL');
    expect(await ask('Who ran the on-call rota before Priya?', messages)).toBe('Ada');
    expect(await ask('Who did the design reviews before Sam?', messages)).toBe('Ada');
    expect(await ask('Which CI did they switch to?', messages)).toBe('GitHub Actions');
  });

  it("takes what was done from the first evidence that holds the question's verb with its object", async () => {
    const messages = [
      message('1', 'The market was busy, I love the market.'),
      message('2', 'I bought fresh figs at the market.'),
    ];
    // "What" asks for a thing: the object ends with its first noun.
    expect(await ask('What did Ada buy at the market?', messages)).toBe('fresh figs');
    expect(await ask('How did Ada shop?', [message('3', 'I shopped with a friend at the market.')])).toBe(
      'with a friend at the market',
    );
  });

  it("answers with the rest of the sentence when the verb's object only repeats the question", async () => {
    const messages = [message('1', 'Been reading a novel and painting to keep busy.')];
    expect(await ask('What does Ada do to keep busy?', messages)).toBe(
      'Been reading a novel and painting to keep busy',
    );
  });

  it('answers a question asking for a thing with the first thing the best evidence names that the question did not', async () => {
    const messages = [message('1', 'I was out walking when I came across this cool rainbow sidewalk.')];
    expect(await ask('What did Ada find during her walk?', messages)).toBe('cool rainbow sidewalk');
    const gift = [message('2', 'This necklace is super special to me, from my grandma.')];
    expect(await ask("What was Ada's gift from her grandma?", gift)).toBe('necklace');
  });

  it('answers a question asking for many things with a list from the evidence', async () => {
    const messages = [
      message('1', 'I loved reading "Charlotte\'s Web" as a kid, books are my thing.'),
      message('2', 'Last month I read "Nothing is Impossible", such good books.'),
    ];
    expect(await ask('What books has Ada read?', messages)).toBe("Charlotte's Web, Nothing is Impossible");
  });

  it('answers "how does she…?" with the means the evidence gives', async () => {
    const messages = [message('1', 'I stay confident in business by reminding myself of my successes.')];
    expect(await ask('How does Ada stay confident in her business?', messages)).toBe(
      'by reminding myself of my successes',
    );
  });

  it('describes with the words the evidence describes with', async () => {
    const messages = [message('1', 'I met a dog at the pet store, he was so friendly and playful!')];
    expect(await ask('How did Ada describe the dog at the pet store?', messages)).toBe(
      'friendly and playful',
    );
  });

  it('answers "what kind of" with the words that qualify the noun, and "which book" with its title', async () => {
    const messages = [
      message('1', 'Last Friday I went to an LGBTQ+ counseling workshop and it was really enlightening.'),
      message('2', 'I joined a service-focused online group last week, an emotional ride.'),
      message('3', 'Right now I\'m reading "The Lean Startup" and taking notes.'),
    ];
    expect(await ask('What workshop did Ada attend recently?', messages)).toBe('LGBTQ+ counseling workshop');
    expect(await ask('What kind of online group did Ada join?', messages)).toBe(
      'service-focused online group',
    );
    expect(await ask('What book is Ada currently reading?', messages)).toBe('The Lean Startup');
  });

  it('gives a date only to a question that asks when', async () => {
    const observations = [
      {
        content: 'Ada ran a charity race for mental health on Saturday 20 May 2023.',
        occurredAt: '2023-05-20',
      },
    ];
    const learned = (question: string) => ask(question, [], 'low', observations);
    expect(await learned('When did Ada run a charity race?')).toBe('Saturday 20 May 2023');
    expect(await learned('What did Ada run?')).toBe('a charity race');
    expect(await learned('Which year did Ada run a charity race?')).toBe('2023');
    expect(await learned('In what month did Ada run a charity race?')).toBe('May 2023');
  });

  it('reads long stored messages in bounded time, and other work runs meanwhile', async () => {
    // Six messages of 100,000 characters without a full stop: parsed whole, one took minutes.
    const words = 'garden river market lantern window pocket '.repeat(2400).slice(0, 100_000);
    const messages = Array.from({ length: 6 }, (_, i) => message(String(i), words));
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await ask('What did Ada see at the market?', messages, 'medium');
    } finally {
      clearInterval(ticker);
    }
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(longestGap).toBeLessThan(1_000);
  }, 30_000);

  describe('what a question asks for', () => {
    const said = (peer: string, content: string, at = '2026-04-01T12:00:00Z') => ({
      id: `${peer}-${content.length}`,
      peer_id: peer,
      content,
      created_at: at,
    });
    const slot = (fact: Partial<SlotFact> & { cardEntry: string }): SlotFact => ({
      content: fact.cardEntry,
      slot: 'lives_in',
      current: true,
      occurredAt: null,
      ...fact,
    });
    const alice = (
      question: string,
      messages: AnswerRequest['messages'],
      slotFacts: SlotFact[] = [],
      observations: AnswerRequest['observations'] = [],
    ) =>
      answerQuestion({
        question,
        peer: 'alice',
        about: 'alice',
        observations,
        slotFacts,
        messages,
        level: 'low',
      });
    const residence = [
      slot({ cardEntry: 'Lives in: Porto', content: "alice's wife and alice moved to Porto" }),
      slot({
        cardEntry: 'Lives in: Lisbon',
        content: 'alice moved to Lisbon in spring 2026',
        current: false,
      }),
    ];

    it('answers a question about a changing fact from its current value, or the one before', async () => {
      expect(await alice('Where does alice live?', [], residence)).toBe('Porto');
      expect(await alice('Where does alice live now?', [], residence)).toBe('Porto');
      expect(await alice('Where did alice live before?', [], residence)).toBe('Lisbon');
      // "Before" a value the question names is the one before that value, never that value.
      const moves = [
        ...residence,
        slot({ cardEntry: 'Lives in: Leeds', content: 'alice lived in Leeds', current: false }),
      ];
      expect(await alice('Where did alice live before Lisbon?', [], moves)).toBe('Leeds');
      expect(await alice('Where did alice live before Porto?', [], moves)).toBe('Lisbon');
    });

    it('answers yes or no against the current value', async () => {
      const engaged = [slot({ slot: 'relationship', cardEntry: 'Relationship: engaged to Dan' })];
      expect(await alice('Is alice single?', [], engaged)).toBe('No, alice is engaged to Dan');
      expect(await alice('Who is alice engaged to?', [], engaged)).toBe('Dan');
    });

    it('answers a duration with a duration, a count with a count, an age with an age', async () => {
      const messages = [
        said('alice', "I've been learning the piano for three years now."),
        said('alice', 'I have two cats and a dog.'),
        said('alice', "I'm 34 years old."),
      ];
      expect(await alice('How long has alice been learning the piano?', messages)).toBe('three years');
      expect(await alice('How many cats does alice have?', messages)).toBe('two cats');
      expect(await alice('How old is alice?', messages)).toBe('34');
      const sunsets = [said('alice', 'I see sunsets like that at least once a week.')];
      expect(await alice('How often does alice see sunsets?', sunsets)).toBe('at least once a week');
    });

    it('gives the purpose of a "what ... for?" question', async () => {
      const messages = [said('alice', 'Took a short trip to Rome to clear my mind a little.')];
      expect(await alice('What did alice take a trip to Rome for?', messages)).toBe('clear my mind a little');
      // A dash ends the reason, as it ends a clause.
      const race = [said('alice', 'I ran a race raising awareness for mental health – so proud of it!')];
      expect(await alice('What did the race alice ran raise awareness for?', race)).toBe('mental health');
    });

    it('answers "who" with a name from evidence that names someone, before evidence that only fits', async () => {
      const messages = [
        said('alice', 'We celebrated my daughter’s birthday with a concert.', '2026-04-01T12:00:00Z'),
        said('bob', 'Wow, who performed?', '2026-04-01T12:01:00Z'),
        said('alice', 'It was Matt Patterson at the concert, so talented!', '2026-04-01T12:02:00Z'),
      ];
      expect(await alice("Who performed at the concert at alice's daughter's birthday?", messages)).toBe(
        'Matt Patterson',
      );
    });

    it('answers "where" with a place the question did not name', async () => {
      const messages = [said('alice', 'This necklace is a gift from my grandma in my home country, Sweden.')];
      expect(await alice("What country is alice's grandma from?", messages)).toBe('Sweden');
    });

    it('answers "when" with a date said in words before the day another message was written', async () => {
      const messages = [
        said('alice', 'Check out the purple hair!', '2026-04-20T12:00:00Z'),
        said('alice', 'Dyed my hair purple last week, come see!', '2026-04-15T12:00:00Z'),
      ];
      expect(await alice('When did alice get purple hair?', messages)).toBe('the week before 15 April 2026');
    });

    it("weighs the peer's own words before what was learned from them when both fit as well", async () => {
      const messages = [said('alice', 'I bought these figurines, they remind me of family love.')];
      const observations = [
        { content: 'alice bought figurines that remind alice of family love.', occurredAt: null },
      ];
      // The message's sentence, not the observation's rewording with alice's name twice, less the
      // words at its start that say the question again.
      expect(
        await alice('What do the figurines alice bought remind her of?', messages, [], observations),
      ).toBe('me of family love');
    });

    it('gives the reason a message states', async () => {
      const messages = [
        said('alice', 'We moved to Porto last week.'),
        said('alice', 'We moved to Porto because my wife got a job at the university.'),
      ];
      expect(await alice('Why did alice move to Porto?', messages)).toBe(
        'my wife got a job at the university',
      );
    });

    it('gives as a reason only what says more than the question', async () => {
      const messages = [
        said('alice', 'I just joined a nearby church.'),
        said('alice', 'Joining the church was to feel closer to my community.'),
      ];
      expect(await alice('Why did alice join a nearby church?', messages)).toBe(
        'feel closer to my community',
      );
    });

    it("answers nothing when memory holds none of the question's own nouns", async () => {
      const messages = [said('alice', "I've been learning the piano for three years now.")];
      expect(await alice('How long has alice been learning the violin?', messages)).toBeNull();
      expect(await alice("What is the name of alice's sister?", messages)).toBeNull();
    });

    it('answers nothing about what happened to someone else', async () => {
      const messages = [
        said('mel', 'I ran a charity race for mental health last Saturday and realized self-care matters.'),
        said('alice', 'That charity race sounds great, Mel!'),
      ];
      expect(await alice('What did alice realize after the charity race?', messages)).toBeNull();
    });

    it("answers from the reply to another peer's question that fits, though the reply shares none of its words", async () => {
      const at = (minute: number) => `2026-05-08T14:${String(minute).padStart(2, '0')}:00.000Z`;
      const messages = [
        { ...said('mel', 'Do you have pets? What pets do you have?'), id: 'q', created_at: at(0) },
        { ...said('alice', "Thanks, Mel! We've got a pup and a kitty."), id: 'a', created_at: at(1) },
        { ...said('alice', 'I love my job.'), id: 'b', created_at: at(30) },
      ];
      expect(await alice('What pets does alice have?', messages)).toBe('pup and a kitty');
    });

    it("answers nothing when another peer's own words fit as well and nothing learned of the peer asked of does", async () => {
      const messages = [
        said('mel', 'I took my kids to a pottery workshop.'),
        said('alice', 'Pottery workshops are so much fun.'),
      ];
      expect(await alice('What did alice make at the pottery workshop?', messages)).toBeNull();
      // An observation learned of alice that fits as well keeps the answer hers.
      const observations = [{ content: 'alice taught a pottery workshop for kids.', occurredAt: null }];
      expect(
        await alice('What did alice make at the pottery workshop?', messages, [], observations),
      ).not.toBeNull();
    });
  });
});
