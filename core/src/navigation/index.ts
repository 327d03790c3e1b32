export * from "./Breadcrumbs.ts"
