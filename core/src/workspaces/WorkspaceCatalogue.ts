import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Workspaces and their locations: the module's errors in the shared catalogue. */
export const workspaceCatalogue = {
  errors: [
    entry("E4021", "WORKSPACE_NOT_FOUND", "NotFound", "Workspace not found.", "مساحة العمل غير موجودة."),
    entry("E4022", "LOCATION_NOT_FOUND", "NotFound", "Location not found.", "الموقع غير موجود."),
    entry(
      "E5020",
      "WORKSPACE_NAME_TAKEN",
      "Conflict",
      "A workspace named '{name}' already exists.",
      "توجد مساحة عمل باسم '{name}' مسبقًا."
    ),
    entry(
      "E6072",
      "WORKSPACE_ACTION_NOT_ALLOWED",
      "Rule",
      "A workspace that is {status} cannot be changed this way ({action}).",
      "لا يمكن تنفيذ هذا الإجراء ({action}) على مساحة عمل حالتها {status}."
    )
  ],
  codes: {
    WorkspaceNotFound: "E4021",
    WorkspaceNameTaken: "E5020",
    LocationNotFound: "E4022",

    WorkspaceActionNotAllowed: "E6072"
  },
  auditEvents: ["workspace.created", "workspace.updated", "workspace.status_changed", "workspace.deleted"],
  fields: {
    locations: { en: "Locations", ar: "المواقع" },
    users: { en: "Users", ar: "المستخدمون" }
  }
} as const satisfies ModuleCatalogue
