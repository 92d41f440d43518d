import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import { ask, said } from './ask-offline.js';

// People name a book, a song or a film by its title in quotes, often in the sentence before the
// one that says what they think of it; and they rarely name whom they are talking to.
describe('offline answers naming a titled work, and questions naming the listener', () => {
  const recommended = [
    said('nadia', 'How was your week?', '2026-02-01'),
    said(
      'omar',
      'I just finished "The Overstory" by Richard Powers. It changed how I see trees. Highly recommend it!',
      '2026-02-01',
    ),
  ];

  it('answers "what book?" with the title quoted beside the sentence that fits, and who wrote it', async () => {
    expect(await ask('What book did Omar recommend to Nadia?', recommended, 'omar')).toBe(
      'The Overstory by Richard Powers',
    );
  });

  it('answers a question naming the listener from what the peer said to them, which does not name them', async () => {
    const birthday = [
      said('nadia', 'So what did you get me?', '2026-02-03'),
      said('omar', 'I bought a vintage record player for your birthday.', '2026-02-03'),
    ];
    expect(await ask('What did Omar buy for Nadia?', birthday, 'omar')).toContain('vintage record player');
  });

  it('does not answer with a title the question itself quotes', async () => {
    const answer = await ask(
      'What book did Omar read after "The Overstory"?',
      [said('omar', 'After "The Overstory" I read "Braiding Sweetgrass".', '2026-02-10')],
      'omar',
    );
    expect(answer).toBe('Braiding Sweetgrass');
  });

  it('still asks of a person the peer named who speaks in the conversation too', async () => {
    const family = [
      said('maria', 'Tomas got a job at the Charité hospital.', '2025-07-20'),
      said('tomas', 'First week done, the night shifts are hard!', '2025-07-28'),
      said('maria', "I'm working remotely for Spotify now.", '2025-08-03'),
    ];
    const slotFacts = [
      {
        content: 'Tomas got a job at the Charité hospital.',
        slot: 'job@tomas',
        cardEntry: 'Tomas works at: Charité hospital',
        current: true,
        occurredAt: '2025-07-20',
      },
      {
        content: 'Maria is working remotely for Spotify now.',
        slot: 'job',
        cardEntry: 'Works at: Spotify',
        current: true,
        occurredAt: '2025-08-03',
      },
    ];
    const answer = await answerQuestion({
      question: 'Where does Tomas work?',
      peer: 'maria',
      about: 'maria',
      observations: [],
      slotFacts,
      messages: family,
      level: 'low',
    });
    expect(answer).toContain('Charité');
    expect(answer).not.toContain('Spotify');
  });
});
