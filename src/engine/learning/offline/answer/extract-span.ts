import type { AnswerRequest } from '../../reasoner.js';
import { describingWords } from '../describing-words.js';
import type { Question } from '../read-question.js';
import { ageSpan } from './age-span.js';
import { identifierSpan } from './asked-identifier.js';
import { askedWords } from './asked-words.js';
import { durationSpan } from './duration-span.js';
import { type Evidence, evidenceWords } from './evidence.js';
import { numberSpan } from './number-span.js';
import { personSpan } from './person-span.js';
import { placeSpan } from './place-span.js';
import { reasonSpan } from './reason-span.js';
import { speakerWhoDid } from './speaker-who-did.js';
import { thingSpan } from './thing-span.js';
import { timeSpan } from './time-span.js';
import { titledWork } from './titled-work.js';
import { yesOrNoFromEvidence } from './yes-or-no.js';

/**
 * A span of the kind the question asks for, from one piece of evidence, or null when it holds
 * none: a question about a duration is not answered with a date.
 */
export function extractSpan(question: Question, evidence: Evidence, request: AnswerRequest): string | null {
  const text = evidenceWords(evidence, question);
  switch (question.kind) {
    case 'time':
      return timeSpan(question, evidence);
    case 'duration':
      return durationSpan(text);
    case 'age':
      return ageSpan(text);
    case 'number':
      return numberSpan(text, request.question);
    case 'place':
      return placeSpan(text, question, request);
    case 'person':
      return speakerWhoDid(request.question, question, evidence) ?? personSpan(text, question, request);
    case 'name':
      return titledWork(question, evidence, request.question) ?? personSpan(text, question, request);
    case 'yes/no':
      return yesOrNoFromEvidence(text);
    case 'reason':
      return reasonSpan(text, evidence.message, question, request);
    case 'quality':
      return describingWords(text, askedWords(question, request));
    case 'thing':
      return (
        identifierSpan(request.question, text) ??
        titledWork(question, evidence, request.question) ??
        thingSpan(text, question, request)
      );
  }
}
