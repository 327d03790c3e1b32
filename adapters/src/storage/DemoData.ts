import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { PasswordHasher } from "@tawreed/core/identity"
import { Notifications, NewNotification, Recipient, type NotificationType } from "@tawreed/core/notifications"
import type { UserId } from "@tawreed/core/identity"
import { ModuleConfig, moduleConfig, type OrgId } from "@tawreed/core/organisations"
import { documentPath } from "@tawreed/core/documents"
import { interpolate } from "@tawreed/core/shared"
import { Orders } from "@tawreed/core/orders"
import { loadRequests } from "./requests/DemoRequests.ts"
import { loadOrders } from "./orders/DemoOrders.ts"
import { loadVendors } from "./vendors/DemoVendors.ts"
import { loadCatalog } from "./catalog/DemoCatalog.ts"
import { loadContracts } from "./contracts/DemoContracts.ts"
import { loadMarketplace } from "./marketplace/DemoMarketplace.ts"
import { loadInvites } from "./invites/DemoInvites.ts"
import { takeDocumentNumber } from "./SqlDocumentNumbers.ts"
import { inTenant } from "./Tenancy.ts"

/** The password of every demo account. */
export const demoPassword = "Tawreed@2026"

export const demoOrganisations = {
  buyer: {
    id: "0b0e0000-0000-4000-8000-000000000001",
    code: "ALNOOR",
    name: "Al Noor Trading",
    nameAr: "النور للتجارة",
    type: "buyer"
  },
  vendor: {
    id: "0b0e0000-0000-4000-8000-000000000002",
    code: "SAHARA",
    name: "Sahara Supplies",
    nameAr: "الصحراء للتوريدات",
    type: "vendor"
  }
} as const

export const demoUsers = [
  {
    id: "0b0e0000-0000-4000-8001-000000000001",
    org: "buyer",
    email: "admin@buyer.tawreed.test",
    firstName: "Amal",
    lastName: "Al-Harbi",
    roles: ["org_super_user"]
  },
  {
    id: "0b0e0000-0000-4000-8001-000000000002",
    org: "buyer",
    email: "buyer@buyer.tawreed.test",
    firstName: "Omar",
    lastName: "Haddad",
    roles: ["org_basic_user"]
  },
  {
    id: "0b0e0000-0000-4000-8001-000000000003",
    org: "buyer",
    email: "approver@buyer.tawreed.test",
    firstName: "Sara",
    lastName: "Qahtani",
    roles: ["org_basic_user", "request_approver"]
  },
  {
    id: "0b0e0000-0000-4000-8001-000000000004",
    org: "vendor",
    email: "vendor@vendor.tawreed.test",
    firstName: "Khalid",
    lastName: "Mansour",
    roles: ["org_super_user"]
  },
  {
    id: "0b0e0000-0000-4000-8001-000000000005",
    org: "buyer",
    email: "security@buyer.tawreed.test",
    firstName: "Huda",
    lastName: "Al-Otaibi",
    roles: ["org_basic_user"],
    mfa: true
  }
] as const

/**
 * The demo organisations' modules and configuration: the buyer runs the procurement modules (requests, orders,
 * bills, budgets, workspaces, catalogs, vendors) with users and settings, and its plan allows expenses (expense
 * requests and expense bills, as its requests and bills modules offer them); the vendor the seller modules. Both
 * keep their money in SAR and show dates day first.
 */
export const demoSettings = {
  buyer: {
    modules: [
      moduleConfig("actionboard", true),
      moduleConfig("requests", true, { showPrices: true, allowExpenseRequest: true, canSourceFromRequest: true }),
      moduleConfig("rfqs", true),
      moduleConfig("orders", true, { enableDirectOrder: true }),
      moduleConfig("grns", true),
      moduleConfig("bills", true, { expenseBill: true }),
      moduleConfig("payments", true),
      moduleConfig("budgets", true),
      moduleConfig("workspaces", true),
      moduleConfig("catalogs", true, { hasOwnProducts: true }),
      moduleConfig("vendors", true),
      moduleConfig("contracts", true),
      moduleConfig("users", true),
      moduleConfig("settings", true)
    ],
    adminConfig: { dateFormat: "european", enableRfp: true, canSourceFromPublicCatalog: true, workspacesLimit: 20 },
    generalConfig: { expensesAllowed: true, contractsAllowed: true }
  },
  vendor: {
    modules: [
      moduleConfig("seller_rfq", true),
      moduleConfig("seller_order", true),
      moduleConfig("seller_gdn", true),
      moduleConfig("seller_invoice", true),
      moduleConfig("seller_payment", true),
      moduleConfig("catalogs", true, { hasOwnProducts: true }),
      moduleConfig("users", true),
      moduleConfig("settings", true)
    ],
    adminConfig: { dateFormat: "european" },
    generalConfig: {}
  }
} as const

/** A role the demo buyer composed: reads every document and report, changes nothing. */
export const demoCustomRole = {
  code: "finance_auditor",
  en: "Finance Auditor",
  ar: "مدقق مالي",
  privileges: ["bil_r_o", "bdg_r_o", "ord_r_o", "pay_r_o", "rep_r_o", "req_r_w", "ven_r_o"]
} as const

/**
 * The demo buyer's workspaces: its head office, open for documents, where Omar (the buyer) manages and Sara (the
 * approver) watches; a Jeddah warehouse still being drafted, which Omar can read; and an IT projects workspace he
 * is no member of, so his list shows that workspace-scoped access leaves it out. Omar's default is the head office.
 */
export const demoWorkspaces = [
  {
    id: "0b0e0000-0000-4000-8002-000000000001",
    name: "Riyadh Head Office",
    code: "RUH-HO",
    description: "Purchasing for the head office and its central store",
    classification: "Department",
    status: "ACTIVE",
    startDate: "2026-01-01",
    endDate: "2026-12-31",
    locations: [
      {
        id: "0b0e0000-0000-4000-8003-000000000001",
        name: "Head Office",
        addressType: "Office",
        address: { city: "Riyadh", street: "King Fahd Road 4120", provinceState: "Riyadh", postalCode: "12271" },
        contact: { firstName: "Omar", lastName: "Haddad", phone: "966500000002", email: "buyer@buyer.tawreed.test" }
      },
      {
        id: "0b0e0000-0000-4000-8003-000000000002",
        name: "Central Store",
        addressType: "Warehouse",
        address: {
          city: "Riyadh",
          street: "Second Industrial City, Street 64",
          provinceState: "Riyadh",
          postalCode: "14332"
        },
        contact: { firstName: "Faisal", lastName: "Al-Dosari", phone: "966500000010", email: "" }
      }
    ],
    users: [
      { userId: "0b0e0000-0000-4000-8001-000000000002", role: "workspaces_manager" },
      { userId: "0b0e0000-0000-4000-8001-000000000003", role: "workspaces_viewer" }
    ]
  },
  {
    id: "0b0e0000-0000-4000-8002-000000000002",
    name: "Jeddah Warehouse",
    code: "JED-WH",
    description: "Stock and consumables for the Jeddah warehouse",
    classification: "Operations",
    status: "DRAFT",
    startDate: "2026-03-01",
    endDate: null,
    locations: [
      {
        id: "0b0e0000-0000-4000-8003-000000000003",
        name: "Jeddah Warehouse",
        addressType: "Warehouse",
        address: {
          city: "Jeddah",
          street: "Al Khumrah District, Street 12",
          provinceState: "Makkah",
          postalCode: "22526"
        },
        contact: { firstName: "Sara", lastName: "Qahtani", phone: "966500000003", email: "approver@buyer.tawreed.test" }
      }
    ],
    users: [
      { userId: "0b0e0000-0000-4000-8001-000000000003", role: "workspaces_admin" },
      { userId: "0b0e0000-0000-4000-8001-000000000002", role: "workspaces_viewer" }
    ]
  },
  {
    id: "0b0e0000-0000-4000-8002-000000000003",
    name: "IT Projects 2026",
    code: "IT-26",
    description: "Laptops, licences and the network refresh",
    classification: "Project",
    status: "ACTIVE",
    startDate: "2026-01-01",
    endDate: "2026-12-31",
    locations: [
      {
        id: "0b0e0000-0000-4000-8003-000000000004",
        name: "IT Department",
        addressType: "Office",
        address: {
          city: "Riyadh",
          street: "King Fahd Road 4120, floor 3",
          provinceState: "Riyadh",
          postalCode: "12271"
        },
        contact: { firstName: "Amal", lastName: "Al-Harbi", phone: "966500000001", email: "admin@buyer.tawreed.test" }
      }
    ],
    users: [{ userId: "0b0e0000-0000-4000-8001-000000000001", role: "workspaces_admin" }]
  }
] as const

/** The demo buyer's default workspace. */
export const demoDefaultWorkspace = {
  userId: "0b0e0000-0000-4000-8001-000000000002",
  workspaceId: demoWorkspaces[0].id
}

/**
 * The head office's budget for 2026, in force under a Stop policy, per expense account. Its buckets are the sums of
 * the ledger entries of real documents: the demo requests (DemoRequests.ts) put their amounts on its lines as
 * requested when they are submitted, and give them back when they are returned or rejected.
 */
export const demoBudget = {
  id: "0b0e0000-0000-4000-8004-000000000001",
  workspaceId: demoWorkspaces[0].id,
  name: "Head Office 2026",
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  policy: "STOP",
  lines: [
    { key: "6100", label: "Travel", limit: "50000.00" },
    { key: "6200", label: "Office supplies", limit: "20000.00" },
    { key: "6300", label: "IT equipment", limit: "80000.00" }
  ]
} as const

const encodeModules = Schema.encodeSync(Schema.Array(ModuleConfig))

/**
 * What the demo buyer is told beside what the approval engine tells him of his requests: the Jeddah workspace he
 * reads is being drafted, and the head office budget's IT equipment line is over its limit since the super user
 * let the laptops through. Each points at the page of a document the demo holds.
 */
export const buyerNotices = {
  workspace: {
    module: "workspaces",
    type: "WORKSPACE_WAITING_FOR_APPROVAL",
    en: "{name} is being drafted before it goes for approval",
    ar: "تجري صياغة {name} قبل إرسالها للاعتماد"
  },
  budget: {
    module: "budgets",
    type: "BUDGET_WAITING_FOR_APPROVAL",
    en: "{line} of {budget} is over its limit after a super user's override",
    ar: "تجاوز بند {line} في {budget} حدّه بعد تجاوز المستخدم الرئيسي للمنع"
  }
} as const satisfies Record<string, { module: string; type: NotificationType; en: string; ar: string }>

interface DemoNoticeFields {
  readonly documentId: string
  readonly params: Readonly<Record<string, string>>
  /** Figures and codes only, which read the same in both languages; the words are in the titles. */
  readonly body: string
  readonly url: string
}

/** The demo requests whose outcome the buyer has already read; the notices after them are unread. */
export const readByBuyer: ReadonlyArray<string> = [
  "Printer paper for the head office",
  "Toner cartridges for the second floor printers",
  "Flights to the Dubai procurement summit",
  "Hotel for the Dubai procurement summit"
]

const marker = "demo_data"

/** Whether the demo data has been loaded into this database. */
export const isLoaded = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ value: string }>`SELECT value FROM installation WHERE key = ${marker}`
  return rows.length > 0
}).pipe(Effect.orDie)

/**
 * Loads the demo organisations, accounts, workspaces, budget, requests, vendors, orders and notifications once. The
 * requests and orders go through their use cases (DemoRequests.ts, DemoOrders.ts), whose approval engine sends their
 * notifications; the buyer's
 * two other notices go through the notification use case, as a module's would; what the buyer has read is then
 * marked read by him.
 */
export const load = Effect.gen(function* () {
  if (yield* isLoaded) return false
  const sql = yield* SqlClient.SqlClient
  const hasher = yield* PasswordHasher
  const notifications = yield* Notifications
  const passwordHash = yield* hasher.hash(demoPassword)

  for (const org of Object.values(demoOrganisations)) {
    yield* inTenant(org.id)(
      sql`INSERT INTO organisations (id, code, name, name_ar, org_type, currency)
          VALUES (${org.id}, ${org.code}, ${org.name}, ${org.nameAr}, ${org.type}, 'SAR')`.pipe(Effect.orDie)
    )
  }
  for (const user of demoUsers) {
    const orgId = demoOrganisations[user.org].id
    yield* inTenant(orgId)(
      sql`INSERT INTO users (id, org_id, email, first_name, last_name, password_hash, roles, mfa_enabled)
          VALUES (${user.id}, ${orgId}, ${user.email}, ${user.firstName}, ${user.lastName}, ${passwordHash},
                  ${`{${user.roles.join(",")}}`}::text[], ${"mfa" in user && user.mfa})`.pipe(Effect.orDie)
    )
  }
  for (const [kind, org] of Object.entries(demoOrganisations) as Array<[keyof typeof demoSettings, { id: string }]>) {
    const settings = demoSettings[kind]
    yield* inTenant(org.id)(
      sql`UPDATE organisations SET modules = ${JSON.stringify(encodeModules(settings.modules))}::jsonb,
                 admin_config = ${JSON.stringify(settings.adminConfig)}::jsonb,
                 general_config = ${JSON.stringify(settings.generalConfig)}::jsonb
          WHERE id = ${org.id}`.pipe(Effect.orDie)
    )
  }
  yield* inTenant(demoOrganisations.buyer.id)(
    sql`INSERT INTO roles (org_id, code, name_en, name_ar, privileges)
        VALUES (${demoOrganisations.buyer.id}, ${demoCustomRole.code}, ${demoCustomRole.en}, ${demoCustomRole.ar},
                ${`{${demoCustomRole.privileges.join(",")}}`}::text[])`.pipe(Effect.orDie)
  )
  const numbers = yield* inTenant(demoOrganisations.buyer.id)(
    Effect.gen(function* () {
      const orgId = demoOrganisations.buyer.id
      const admin = demoUsers[0].id
      const workspaceNumbers: Array<string> = []
      const config = { autoSubmitOrder: false, autoRfqToVendors: false, directOrdersFromRfq: true }
      for (const w of demoWorkspaces) {
        const number = yield* takeDocumentNumber(orgId, "workspace")
        workspaceNumbers.push(number)
        yield* sql`INSERT INTO workspaces (id, org_id, number, name, code, description, classification, start_date, end_date,
                                          currency, status, config, created_by, requester_id)
                   VALUES (${w.id}, ${orgId}, ${number}, ${w.name}, ${w.code}, ${w.description}, ${w.classification},
                           ${w.startDate}::date, ${w.endDate}::date, 'SAR', ${w.status},
                           ${JSON.stringify(config)}::jsonb, ${admin}, ${admin})`
        for (const [position, l] of w.locations.entries()) {
          const address = {
            ...l.address,
            country: "Saudi Arabia",
            latitude: null,
            longitude: null,
            mapsLink: "",
            addressDirectionDetails: ""
          }
          yield* sql`INSERT INTO locations (id, org_id, workspace_id, position, name, status, description, address_type,
                                           address, contact_info)
                     VALUES (${l.id}, ${orgId}, ${w.id}, ${position}, ${l.name}, 'ACTIVE', '', ${l.addressType},
                             ${JSON.stringify(address)}::jsonb,
                             ${JSON.stringify({ isPrimary: true, ...l.contact })}::jsonb)`
        }
        for (const [position, u] of w.users.entries()) {
          yield* sql`INSERT INTO workspace_users (org_id, workspace_id, user_id, role, position)
                     VALUES (${orgId}, ${w.id}, ${u.userId}, ${u.role}, ${position})`
        }
      }
      yield* sql`INSERT INTO workspace_preferences (org_id, user_id, default_workspace_id)
                 VALUES (${orgId}, ${demoDefaultWorkspace.userId}, ${demoDefaultWorkspace.workspaceId})`
      const budget = demoBudget
      const budgetNumber = yield* takeDocumentNumber(orgId, "budget")
      yield* sql`INSERT INTO budgets (id, org_id, number, workspace_id, name, start_date, end_date, currency, status, policy,
                                     created_by)
                 VALUES (${budget.id}, ${orgId}, ${budgetNumber}, ${budget.workspaceId}, ${budget.name}, ${budget.startDate}::date,
                         ${budget.endDate}::date, 'SAR', 'ACTIVE', ${budget.policy}, ${admin})`
      for (const [position, line] of budget.lines.entries()) {
        yield* sql`INSERT INTO budget_lines (org_id, budget_id, key, label, position, limit_amount, requested,
                                            committed, actual)
                   VALUES (${orgId}, ${budget.id}, ${line.key}, ${line.label}, ${position}, ${line.limit}, 0, 0, 0)`
      }
      return { workspaces: workspaceNumbers, budget: budgetNumber }
    }).pipe(Effect.orDie)
  )
  const orgId = demoOrganisations.buyer.id as OrgId
  const buyer = new Recipient({ orgId, userId: demoUsers[1].id as UserId })
  const tell = (notice: (typeof buyerNotices)[keyof typeof buyerNotices], fields: DemoNoticeFields) =>
    notifications.notify(
      buyer,
      new NewNotification({
        module: notice.module,
        type: notice.type,
        documentId: fields.documentId,
        title: { en: interpolate(notice.en, fields.params), ar: interpolate(notice.ar, fields.params) },
        notificationBody: fields.body,
        url: fields.url
      })
    )
  const jeddah = demoWorkspaces[1]
  const workspaceNotice = yield* tell(buyerNotices.workspace, {
    documentId: numbers.workspaces[1]!,
    params: { name: jeddah.name },
    body: jeddah.code,
    url: documentPath("workspace", jeddah.id)
  })
  // The budget's period is fixed; outside it the requests name no line, as none would be in force.
  const today = new Date().toISOString().slice(0, 10)
  const budgetInForce = demoBudget.startDate <= today && today <= demoBudget.endDate
  const requests = yield* loadRequests(
    {
      orgId,
      workspaceId: demoWorkspaces[0].id,
      office: demoWorkspaces[0].locations[0].id,
      store: demoWorkspaces[0].locations[1].id,
      budgetId: budgetInForce ? demoBudget.id : null,
      customRoles: [demoCustomRole]
    },
    { admin: demoUsers[0], buyer: demoUsers[1], approver: demoUsers[2] }
  ).pipe(Effect.orDie)
  const overLimit = requests.find((r) => r.budgetWarning !== null)
  if (overLimit?.budgetWarning) {
    const warning = overLimit.budgetWarning
    yield* tell(buyerNotices.budget, {
      documentId: numbers.budget,
      // The warning names the line as people read it: its label and key.
      params: { line: warning.line, budget: demoBudget.name },
      body: `${warning.currency} ${warning.excess}`,
      url: `/budgets/details/${demoBudget.id}`
    })
  }
  const vendors = yield* loadVendors(orgId, demoOrganisations.vendor.id, demoUsers[0]).pipe(Effect.orDie)
  const sahara = vendors.find((v) => v.name.en === demoOrganisations.vendor.name)
  if (sahara !== undefined) {
    yield* loadOrders(
      {
        orgId,
        workspaceId: demoWorkspaces[0].id,
        office: demoWorkspaces[0].locations[0].id,
        store: demoWorkspaces[0].locations[1].id,
        budgetId: budgetInForce ? demoBudget.id : null,
        customRoles: [demoCustomRole]
      },
      { admin: demoUsers[0], orderer: demoUsers[0], approver: demoUsers[2] },
      requests,
      sahara.id
    ).pipe(Effect.provide(Orders.layer), Effect.orDie)
  }
  const demoCatalog = yield* loadCatalog(
    orgId,
    demoUsers[0],
    vendors.filter((v) => v.status !== "VENDOR_INACTIVE").map((v) => v.name.en)
  ).pipe(Effect.orDie)
  yield* loadMarketplace(orgId, demoUsers[0], demoCatalog.catalog, [
    demoOrganisations.buyer.id,
    demoOrganisations.vendor.id
  ]).pipe(Effect.orDie)
  yield* loadInvites(orgId, demoUsers[0], process.env["PUBLIC_URL"] ?? "http://localhost:4321").pipe(Effect.orDie)
  if (sahara !== undefined) yield* loadContracts(orgId, demoUsers[0], sahara.id).pipe(Effect.orDie)
  const read = new Set(requests.filter((r) => readByBuyer.includes(r.title)).map((r) => r.number))
  const told = yield* notifications.list(buyer, 0, 500).pipe(Effect.orDie)
  for (const n of told.notifications) {
    if (n.id === workspaceNotice.id || read.has(n.documentId)) {
      yield* notifications.markRead(buyer, n.id).pipe(Effect.orDie)
    }
  }
  yield* sql`INSERT INTO installation (key, value) VALUES (${marker}, ${new Date().toISOString()})`.pipe(Effect.orDie)
  return true
})
