// Outgoing e-mail moved below the domain modules (auth, team and notifications all send mail):
// functions/mail/mailer.ts. Kept so imports of './mailer' in auth work.
export * from '#functions/mail/mailer';
