// How long an invitation link is valid: in a file of its own so that the CLI can name it in its
// help without loading the invitations (and through them argon2, a service package).
export const INVITATION_DAYS = 7;
