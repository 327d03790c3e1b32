export * from "./Mail.ts"
export * from "./MailErrors.ts"
export * from "./Mailer.ts"
export * from "./Outbox.ts"
