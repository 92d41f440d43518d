import type { MemoryPrompt } from './prompt.js';
import { recallPeerPrompt } from './recall_peer.js';
import { saveConversationPrompt } from './save_conversation.js';
import { summarizeSessionPrompt } from './summarize_session.js';

/** Every prompt, in the order clients list them. */
export const prompts: readonly MemoryPrompt[] = [
  saveConversationPrompt,
  recallPeerPrompt,
  summarizeSessionPrompt,
];
