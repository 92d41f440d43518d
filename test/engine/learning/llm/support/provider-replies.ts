import type { StandInReply } from './stand-in-provider.js';

// Answers in the shapes the real providers document, for the stand-in to send.

/** An OpenAI chat completion whose single choice says `content`. */
export function chatCompletion(
  content: string | null,
  options: { refusal?: string; finishReason?: string } = {},
): StandInReply {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: options.refusal ?? null },
          finish_reason: options.finishReason ?? 'stop',
        },
      ],
    },
  };
}

/** An Anthropic message made of `content` blocks. */
export function anthropicMessage(content: unknown[], stopReason = 'end_turn'): StandInReply {
  return {
    body: { id: 'msg_test', type: 'message', role: 'assistant', content, stop_reason: stopReason },
  };
}

/** An error in OpenAI's shape (Anthropic's differs only by an outer `type`, which clients ignore). */
export function providerError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): StandInReply {
  return { status, headers, body: { error: { message, type: 'invalid_request_error' } } };
}
