/** A unit of the deriver's work: the messages of one `add_messages` call. */
export type DerivationTask = {
  id: string;
  workspace_id: string;
  session_id: string;
  first_seq: string;
  last_seq: string;
  attempts: number;
  claim_token: string;
};
