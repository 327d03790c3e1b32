export * as NotificationRepositoryContract from "./contracts/NotificationRepositoryContract.ts"
export * from "./Fixtures.ts"
