import { api } from '../api.js';
import { ConfirmButton } from './confirm-button.js';

/**
 * A confirmed `DELETE path`: asks first (see ConfirmButton), then deletes; what follows a
 * deletion and where a refusal is shown are the page's.
 */
export function DeleteButton(props: {
  label: string;
  question: string;
  path: string;
  onDeleted: () => void;
  onFailure: (error: Error) => void;
}) {
  return (
    <ConfirmButton
      label={props.label}
      question={props.question}
      onConfirm={async () => {
        try {
          await api('DELETE', props.path);
          props.onDeleted();
        } catch (error) {
          props.onFailure(error as Error);
        }
      }}
    />
  );
}
