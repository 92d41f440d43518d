import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest } from '../../../../src/engine/learning/reasoner.js';

// Each rule with the sentence it was written for: kinds of sentence people write, not one dataset's.
const said = (peer: string, content: string, day: string) => ({
  id: `${peer}-${day}-${content.length}`,
  peer_id: peer,
  content,
  created_at: `${day}T10:00:00.000Z`,
});

const ask = (question: string, messages: AnswerRequest['messages'], peer = 'maria') =>
  answerQuestion({ question, peer, about: peer, observations: [], slotFacts: [], messages, level: 'low' });

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

  it('answers "how often?" with a frequency that names its day ("every second Friday")', async () => {
    expect(
      await ask(
        'How often are the playtests?',
        [said('rosa', 'Playtests are every second Friday at 3pm', '2026-01-20')],
        'rosa',
      ),
    ).toBe('every second Friday');
  });

  it('answers no to a plan that a later message calls off', async () => {
    const messages = [
      said('maria', 'We are planning a trip to Japan in October.', '2025-04-10'),
      said('maria', 'We cancelled the Japan trip, the move was too expensive.', '2025-09-10'),
    ];
    expect(await ask('Is Maria still going to Japan in October?', messages)).toBe(
      'No: We cancelled the Japan trip, the move was too expensive.',
    );
    expect(await ask('Is Maria still going to Japan in October?', messages.slice(0, 1))).toMatch(/^Yes/);
  });

  it("answers a question about someone the peer names from what was said of them, not from the peer's own slot", async () => {
    const request = {
      question: 'Where does Tomas work?',
      peer: 'maria',
      about: 'maria',
      observations: [],
      slotFacts: [
        {
          slot: 'job' as const,
          content: 'Maria works at Spotify.',
          cardEntry: 'Works at: Spotify',
          current: true,
          occurredAt: '2025-09-01T10:00:00.000Z',
        },
      ],
      messages: [
        said('maria', 'I live in Stockholm with my husband Tomas.', '2025-03-01'),
        said('maria', 'Tomas got a job at the Charité hospital.', '2025-09-02'),
      ],
      level: 'low' as const,
    };
    expect(await answerQuestion(request)).toBe('the Charité hospital');
    expect(await answerQuestion({ ...request, question: 'Where does Maria work?' })).toBe('Spotify');
  });
});
