import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Where people live and work, said in chat the way family and friends write it.
describe('offline answers to "where?" in everyday chat', () => {
  it('finds what was said of a place the question names with its accents', async () => {
    const messages = [said('kofi', "we went to Zürich for my brother's wedding in may", '2026-03-04')];
    expect(await ask('Why did Kofi go to Zürich?', messages, 'kofi')).toContain('wedding');
  });

  it('never answers "where before X?" with X, though it follows "in"', async () => {
    const messages = [
      said('jade', 'my cousin Noor lives in Leeds', '2026-03-01'),
      said('jade', 'my cousin Noor moved to Leeds from Hull for her new job', '2026-03-02'),
    ];
    expect(await ask('Where did Noor live before Leeds?', messages, 'jade')).toBe('Hull');
  });

  it('gives a place without the marks that end the sentence after it', async () => {
    const messages = [
      said('kofi', 'got a place on the exchange in Valencia!!! flying out in May', '2026-03-03'),
    ];
    expect(await ask('Where is the exchange?', messages, 'kofi')).toBe('Valencia');
  });

  it('reads no time after "at", "in" or "to" as a place ("at new year", "to monday the 3rd")', async () => {
    expect(
      await ask(
        'Where does her sister work?',
        [
          said(
            'nadia',
            'my sister retires at new year, she has worked in the town library for 20 years',
            '2026-03-02',
          ),
        ],
        'nadia',
      ),
    ).toBe('the town library');
    expect(
      await ask(
        'Where does Olek work?',
        [
          said(
            'olek',
            'my shift got moved to monday the 3rd, I work at the bakery on weekends',
            '2026-03-02',
          ),
        ],
        'olek',
      ),
    ).toBe('the bakery');
  });

  it('answers "where did she work before?" with the place she left', async () => {
    expect(
      await ask(
        'Where did Sunita work before?',
        [
          said(
            'sunita',
            'quit the post office in may, I drive for a courier firm in Derby now',
            '2026-07-02',
          ),
        ],
        'sunita',
      ),
    ).toBe('the post office');
  });

  it('reads "their dad" as asked of: the peer\'s own job does not answer where he works', async () => {
    const messages = [
      said('lena', 'left the bank last month, I teach at a primary school now', '2026-07-02'),
      said('lena', 'dad starts at the harbour office in june, no retirement for him', '2026-07-01'),
    ];
    expect(await ask('Where is their dad going to work?', messages, 'lena')).toBe('the harbour office');
  });

  it('answers "where is the ceremony?" with the place after the thing asked of, not the thing itself', async () => {
    const ceremony = [
      said(
        'leo',
        "my sister Ines is getting her PhD in May, we're all going to the ceremony in Coimbra",
        '2026-01-20',
      ),
    ];
    expect(await ask('Where is the ceremony?', ceremony, 'leo')).toBe('Coimbra');
  });
});
