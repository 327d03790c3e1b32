import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Notifications: the module's errors in the shared catalogue. */
export const notificationCatalogue = {
  errors: [entry("E4002", "NOTIFICATION_NOT_FOUND", "NotFound", "Notification not found.", "الإشعار غير موجود.")],
  codes: {
    NotificationNotFound: "E4002"
  }
} as const satisfies ModuleCatalogue
