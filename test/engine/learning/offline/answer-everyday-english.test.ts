import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Each rule with the sentence it was written for: kinds of sentence people write, not one dataset's.
describe('offline answers to sentences as people write them', () => {
  it('keeps both units of a duration of two ("1 hour 15 minutes", "2 years and 3 months")', async () => {
    expect(
      await ask(
        'How long does a CI build take?',
        [said('jess', "a CI build takes 1 hour 15 minutes, it's painful", '2026-03-02')],
        'jess',
      ),
    ).toBe('1 hour 15 minutes');
    expect(
      await ask('How long has Maria lived in Berlin?', [
        said('maria', 'I have lived in Berlin for 2 years and 3 months.', '2026-03-02'),
      ]),
    ).toBe('2 years and 3 months');
    // A half is a second unit too.
    expect(
      await ask('How long is the drive to her parents?', [
        said('maria', 'the drive to my parents takes an hour and a half', '2026-03-02'),
      ]),
    ).toBe('an hour and a half');
  });

  it('answers "how long has it been?" with the feast or season it has been since, before a length said of another verb', async () => {
    // "Since christmas" answers how long Nora has been seeing Tom; "3 months" is how long she kept quiet.
    const news = [
      said('ines', 'Nora is seeing Tom since christmas, she kept it quiet for 3 months', '2026-03-06'),
    ];
    expect(await ask('How long has Nora been seeing Tom?', news, 'ines')).toBe('since christmas');
  });

  it('keeps a title with the name it comes with, and reads no person in a street named after a saint', async () => {
    const messages = [
      said(
        'jess',
        "The client is Dr. Amara Singh's clinic on 14 St. John's Rd., they want the booking app by June.",
        '2026-03-02',
      ),
    ];
    expect(await ask('Who is the client?', messages, 'jess')).toBe('Dr. Amara Singh');
  });

  it('goes on past the full stop of "St." in what follows a verb', async () => {
    const messages = [
      said('maria', "the kids go to St. Anne's primary, it's five minutes away", '2026-03-02'),
    ];
    expect(await ask("Which school do Maria's kids go to?", messages)).toContain("St. Anne's");
  });

  it('answers "when?" with a day or month said without its year, shortened or not ("12 Sept.", "by June")', async () => {
    // People name a date of the coming months without its year, and often shorten the month: it is
    // the next such day after the message, not the day the message was written. Said of what
    // happened ("we launched on 3 March"), it is the last such day before.
    expect(
      await ask(
        'When is the release?',
        [said('rosa', 'Release date is 12 Sept., in Early Access', '2026-01-27')],
        'rosa',
      ),
    ).toBe('12 September 2026');
    expect(
      await ask(
        'When does the client want the app?',
        [said('jess', 'The client wants the booking app by June.', '2026-03-02')],
        'jess',
      ),
    ).toBe('June 2026');
    expect(
      await ask('When is the demo?', [said('jess', 'The demo is on Feb 3rd.', '2026-11-20')], 'jess'),
    ).toBe('3 February 2027');
    expect(
      await ask('When did they launch?', [said('jess', 'We launched on 3 March.', '2026-04-20')], 'jess'),
    ).toBe('3 March 2026');
    expect(
      await ask('When did they launch?', [said('jess', 'We launched on 3 May.', '2026-04-20')], 'jess'),
    ).toBe('3 May 2025');
    // British order, with "of": "the 14th of May" is a day, not the day it was said.
    expect(
      await ask(
        'When is her birthday?',
        [said('jess', 'My birthday is on the 14th of May.', '2026-03-10')],
        'jess',
      ),
    ).toBe('14 May 2026');
  });

  it('answers "how often?" with a frequency that names its day ("every second Friday")', async () => {
    expect(
      await ask(
        'How often are the playtests?',
        [said('rosa', 'Playtests are every second Friday at 3pm', '2026-01-20')],
        'rosa',
      ),
    ).toBe('every second Friday');
  });

  it('ranks first the evidence that speaks of the slot asked of in other words ("got a job" for "work")', async () => {
    const messages = [
      said('maria', 'I live in Stockholm with my husband Tomas.', '2025-03-01'),
      said('maria', 'Tomas got a job at the Charité hospital.', '2025-09-02'),
    ];
    expect(await ask('Where does Tomas work?', messages)).toBe('the Charité hospital');
  });

  it('declines "how much?" when the evidence names no amount, rather than answer with an unrelated sentence', async () => {
    const messages = [
      said('sam', "update: we're NOT moving to Toronto, Priya turned the transfer down", '2026-03-15'),
    ];
    expect(await ask('How much does Priya earn?', messages, 'sam')).toBeNull();
    // Evidence that speaks of what is counted still answers, though it holds no count.
    expect(
      await ask(
        'How many times has Joanna found new hiking trails?',
        [said('joanna', 'I found an awesome hiking trail in my hometown yesterday', '2026-03-15')],
        'joanna',
      ),
    ).not.toBeNull();
    expect(
      await ask(
        'How much was the transfer bonus?',
        [said('sam', 'The transfer bonus was $5,000.', '2026-03-15')],
        'sam',
      ),
    ).toBe('5,000');
  });

  it('answers who holds or where is something now with what a change led to', async () => {
    expect(
      await ask(
        'Who owns the networking module?',
        [
          said(
            'dan',
            'Ngozi took over the networking module from Sven, he moved to the data team',
            '2026-07-06',
          ),
        ],
        'dan',
      ),
    ).toBe('Ngozi');
    expect(
      await ask(
        "Where is Zoe's shop now?",
        [
          said(
            'zoe',
            'we moved the shop from Leeds to York last month, the old address is gone',
            '2026-06-15',
          ),
        ],
        'zoe',
      ),
    ).toBe('York');
    expect(
      await ask(
        'Who owns ticket 1183?',
        [said('jon', 'FYI I took over ticket 1183 from Sara since she is swamped', '2026-10-12')],
        'jon',
      ),
    ).toBe('jon');
  });

  it('answers "who owns…?" with the speaker who says "I own…"', async () => {
    expect(
      await ask(
        'Who owns the payments escalation queue?',
        [
          said(
            'sara',
            'I own the payments escalation queue this week, ping me for anything billing',
            '2026-10-12',
          ),
        ],
        'sara',
      ),
    ).toBe('Sara');
  });

  it('answers "who will…?" with the speaker who names a thing and then says "I\'ll <verb> them"', async () => {
    const screens = [
      said(
        'bea',
        "design handed over the new onboarding screens, figma link is pinned. I'll build them in 2.5",
        '2026-09-09',
      ),
    ];
    expect(await ask('Who will build the new onboarding screens?', screens, 'bea')).toBe('Bea');
    // Another verb done to "them" tells nothing of who builds.
    const review = [
      said('bea', "design handed over the new onboarding screens. I'll review them tomorrow", '2026-09-09'),
    ];
    expect(await ask('Who will build the new onboarding screens?', review, 'bea')).not.toBe('Bea');
  });

  // Whoever says in the first person that they do what is asked of answers "who…?", in any tense:
  // "I'll own the ticket" tells who owns it as "I own it" does, and the sentence after it does not.
  it('answers "who owns…?" with the speaker who says "I\'ll own…", not the sentence', async () => {
    expect(
      await ask(
        'Who owns ticket 5120 now?',
        [said('ivo', "Done, the crew comes Friday. I'll own ticket 5120 from here", '2026-10-12')],
        'ivo',
      ),
    ).toBe('Ivo');
    expect(
      await ask(
        'Who owns the payments escalation queue?',
        [
          said(
            'sara',
            'I own the payments escalation queue this week. Ping me for anything billing',
            '2026-10-12',
          ),
        ],
        'sara',
      ),
    ).toBe('Sara');
  });

  // "Who did Nina escalate it to?" asks of someone else than whoever escalated it.
  it('does not answer "who did … to?" with the speaker who did it', async () => {
    expect(
      await ask(
        'Who did Nina escalate the ticket to?',
        [said('nina', "I've escalated the ticket to my team lead Raj", '2026-10-12')],
        'nina',
      ),
    ).toBe('Raj');
  });

  it('keeps a place whose name begins with "St." whole', async () => {
    expect(
      await ask(
        'Where did Kenji have his surgery?',
        [
          said(
            'kenji',
            "Had my knee surgery yesterday at St. Thomas' Hospital, Dr. Okafor did it",
            '2026-09-01',
          ),
        ],
        'kenji',
      ),
    ).toBe("St. Thomas' Hospital");
  });
  it('answers "how much does it cost?" or "how much was refunded?" with an amount of money, not a count', async () => {
    const messages = [
      said('ivo', 'Our policy is refunds within 30 days of purchase.', '2026-02-17'),
      said('ivo', 'I have approved a full refund of 89 EUR.', '2026-02-17'),
    ];
    expect(await ask('How much was refunded?', messages, 'ivo')).toBe('89 EUR');
    expect(
      await ask(
        'How much does the plan cost?',
        [said('alex', 'The plan is for 5 people and costs $29 a month.', '2026-04-22')],
        'alex',
      ),
    ).toBe('$29');
  });

  it('needs no evidence to name the app or repository a team speaks of ("where is the app deployed?")', async () => {
    const messages = [
      said('omar', 'We use Django for everything on the backend.', '2026-03-02'),
      said('omar', 'We deploy to Render.', '2026-03-02'),
    ];
    expect(await ask('Where is the app deployed?', messages, 'omar')).toBe('Render');
    expect(await ask('What does the codebase use?', messages, 'omar')).toBe('Django');
  });

  it('leaves out of an answer that does not ask when the time said relative to the day ("last night")', async () => {
    // The asker cannot tell which night "last night" was: it only lengthens the answer.
    expect(
      await ask('What did Maria and her mom cook together?', [
        said('maria', 'My mom and I cooked dinner together last night.', '2026-03-02'),
      ]),
    ).toBe('dinner together');
    expect(
      await ask('What did Maria do at the workshop?', [
        said('maria', 'Last Friday I went to a pottery workshop and made a bowl.', '2026-03-02'),
      ]),
    ).toBe('I went to a pottery workshop and made a bowl');
  });
});

// A contraction's verb ("bruno's ok") is one more verb to one parse than to the other: the object
// must still be read after the verb the question asks of.
describe('offline answers after a verb in a sentence with a contraction', () => {
  it('reads the object of the question\'s verb, not of the verb after it ("bruno\'s ok, he has to cut down on…")', async () => {
    const messages = [
      said(
        'ola',
        "the vet says bruno's ok, he has to cut down on treats and go back in 2 weeks",
        '2026-04-14',
      ),
    ];
    const answer = await ask('What did the vet tell them to cut down on?', messages, 'ola');
    expect(answer).toContain('treats');
    expect(answer).not.toContain('weeks');
  });
});
