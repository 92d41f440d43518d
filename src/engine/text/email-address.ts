/** An email address as people write it: "sam@example.com", "eve.li+work@mail.co.uk". */
export const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
