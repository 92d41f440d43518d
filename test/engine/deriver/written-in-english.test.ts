import { describe, expect, it } from 'vitest';
import { writtenInEnglish } from '../../../src/engine/deriver/written-in-english.js';

describe('writtenInEnglish', () => {
  it.each([
    'ok',
    'thx',
    'LGTM',
    'Bye Nate!',
    'See ya!',
    'nvm, fixed it',
    'im on paternity leave untill the end of july',
    'Backend Go 1.22, frontend React + Vite, deploy Fly.io',
    'pnpm i && pnpm build',
    'The client is Dr. Amara Singh’s clinic on 14 St. John’s Rd.',
    'Tomas got a job at the Charité hospital.',
    'We went to Los Angeles and then to La Jolla, de facto a road trip.',
    'My Chinese name is 王小明',
    '🎉🎉🎉',
    '',
  ])('keeps an English message: %j', (text) => {
    expect(writtenInEnglish(text)).toBe(true);
  });

  it.each([
    'Ich lerne jetzt Deutsch, zweimal pro Woche an der Volkshochschule.',
    'Wir sind letzte Woche nach Berlin gezogen, die Wohnung ist noch voller Kisten.',
    'Cancelamos el viaje a Japón por la mudanza.',
    "J'habite à Lyon et je travaille comme infirmier.",
    'Moro em Lisboa e trabalho como professora.',
    'Ik woon in Utrecht en werk als leraar.',
    'Jag bor i Stockholm med min man och vår dotter.',
    'Я живу в Москве и работаю учителем.',
    '私は東京に住んでいて、エンジニアとして働いています。',
    'أنا أعيش في القاهرة وأعمل مدرسة.',
  ])('sets aside a message in another language: %j', (text) => {
    expect(writtenInEnglish(text)).toBe(false);
  });
});
