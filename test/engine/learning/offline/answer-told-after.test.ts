import { describe, expect, it } from 'vitest';
import { ask } from './ask-offline.js';

const at = (peer: string, content: string, second: number) => ({
  id: `${peer}-${second}`,
  peer_id: peer,
  content,
  created_at: `2026-03-02T10:00:${String(second).padStart(2, '0')}.000Z`,
});

describe('offline answers from what was told after a sentence that restates the question', () => {
  it('reads the next sentence of the same message', async () => {
    const messages = [
      at(
        'ada',
        'Last Saturday I went to the pottery fair. A stall was selling hand-thrown teapots with a blue glaze.',
        1,
      ),
    ];
    const answer = await ask('What did Ada find at the pottery fair?', messages, 'ada');
    expect(answer).toMatch(/stall|teapots/);
  });

  it("reads the speaker's next turn, after the listener's reply", async () => {
    const messages = [
      at('ada', 'I went to the climbing gym yesterday.', 1),
      at('bob', 'Oh nice, how was it?', 2),
      at('ada', 'My forearms gave out on the overhang route halfway up.', 3),
    ];
    expect(await ask('What happened at the climbing gym?', messages, 'ada')).toMatch(/forearms/);
  });

  it('keeps a sentence that says more than the question', async () => {
    const messages = [
      at('ada', "I'm saving up for a secondhand cargo bike. It should be here by spring.", 1),
    ];
    expect(await ask('What is Ada saving up for?', messages, 'ada')).toBe('secondhand cargo bike');
  });
});
