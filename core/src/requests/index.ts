export * from "./RequestStatus.ts"
export * from "./SourcingStatus.ts"
