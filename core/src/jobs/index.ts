export * from "./JobQueue.ts"
