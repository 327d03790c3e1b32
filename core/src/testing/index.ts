export * as NotificationRepositoryContract from "./contracts/NotificationRepositoryContract.ts"
export * as SessionRepositoryContract from "./contracts/SessionRepositoryContract.ts"
export * as UserRepositoryContract from "./contracts/UserRepositoryContract.ts"
export * from "./Fixtures.ts"
