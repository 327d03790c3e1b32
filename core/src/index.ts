/** Tawreed's domain. Import a module's namespace from here, or the module itself as `@tawreed/core/<module>`. */
export * as Identity from "./identity/index.ts"
export * as Notifications from "./notifications/index.ts"
export * as Organisations from "./organisations/index.ts"
export * as Shared from "./shared/index.ts"
