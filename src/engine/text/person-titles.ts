/** The titles people put before a name, as a pattern's alternatives. */
export const TITLES = 'Dr|Mr|Mrs|Ms|Prof';

/**
 * A title before a person's name, with its space: "Dr. Amara Singh", "Mrs Patel", "Mr. Alves".
 * Its full stop ends no sentence and no name.
 */
export const PERSON_TITLE = String.raw`(?:${TITLES})\.? `;
