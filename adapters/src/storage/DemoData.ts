import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { PasswordHasher } from "@tawreed/core/identity"
import { Notifications, NewNotification, Recipient, type NotificationType } from "@tawreed/core/notifications"
import type { UserId } from "@tawreed/core/identity"
import { ModuleConfig, moduleConfig, type OrgId } from "@tawreed/core/organisations"
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
 * bills, budgets, workspaces, catalogs, vendors) with users and settings; the vendor the seller modules. Both
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
      moduleConfig("contracts", false),
      moduleConfig("users", true),
      moduleConfig("settings", true)
    ],
    adminConfig: { dateFormat: "european", enableRfp: true, canSourceFromPublicCatalog: true, workspacesLimit: 20 }
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
    adminConfig: { dateFormat: "european" }
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
 * The head office's budget for 2026, in force under a Stop policy, per expense account. Nothing is spent from it
 * yet: a bucket is the sum of the ledger entries of real documents, and the demo holds none that draw on a budget.
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

interface DemoNotification {
  readonly module: string
  readonly type: NotificationType
  readonly documentId: string
  readonly en: string
  readonly ar: string
  /** Figures and codes only, which read the same in both languages; the words are in the titles. */
  readonly body: string
  readonly url: string
  readonly read: boolean
}

/** A dozen notifications for the demo buyer, of several types, some already read. */
export const buyerNotifications: ReadonlyArray<DemoNotification> = [
  {
    module: "requests",
    type: "REQUEST_WAITING_FOR_APPROVAL",
    documentId: "1042",
    en: "24 office chairs for the Riyadh branch wait for your approval",
    ar: "طلب 24 كرسيًا مكتبيًا لفرع الرياض بانتظار اعتمادك",
    body: "SAR 18,400.00",
    url: "/requests/1042",
    read: false
  },
  {
    module: "rfqs",
    type: "RFQ_WAITING_FOR_APPROVAL",
    documentId: "1043",
    en: "Laptops RFQ needs approval before it goes to 3 vendors",
    ar: "طلب عرض أسعار الحواسيب يحتاج اعتمادًا قبل إرساله إلى 3 موردين",
    body: "SAR 42,000.00",
    url: "/rfqs/1043",
    read: false
  },
  {
    module: "rfqs",
    type: "OFFER_WAITING_FOR_APPROVAL",
    documentId: "311",
    en: "Sahara Supplies sent an offer for printer toner",
    ar: "أرسلت الصحراء للتوريدات عرضًا لحبر الطابعات",
    body: "SAR 3,250.00",
    url: "/rfqs/offers/311",
    read: false
  },
  {
    module: "orders",
    type: "ORDER_WAITING_FOR_APPROVAL",
    documentId: "5120",
    en: "Purchase order for cleaning supplies waits for approval",
    ar: "أمر شراء مواد التنظيف بانتظار الاعتماد",
    body: "SAR 2,180.50",
    url: "/orders/5120",
    read: false
  },
  {
    module: "bills",
    type: "BILL_WAITING_FOR_APPROVAL",
    documentId: "870",
    en: "Bill from Sahara Supplies, due in 14 days, waits for approval",
    ar: "فاتورة الصحراء للتوريدات المستحقة خلال 14 يومًا بانتظار الاعتماد",
    body: "SAR 4,300.00",
    url: "/bills/870",
    read: false
  },
  {
    module: "workspaces",
    type: "WORKSPACE_WAITING_FOR_APPROVAL",
    documentId: "12",
    en: "The Jeddah warehouse operations workspace waits for approval",
    ar: "مساحة عمل عمليات مستودع جدة بانتظار الاعتماد",
    body: "SAR 250,000.00",
    url: "/workspaces/12",
    read: false
  },
  {
    module: "workspaces",
    type: "BUDGET_WAITING_FOR_APPROVAL",
    documentId: "12",
    en: "Budget increase for the Jeddah warehouse",
    ar: "زيادة ميزانية مستودع جدة",
    body: "+SAR 50,000.00",
    url: "/budgets/details/12",
    read: false
  },
  {
    module: "vendors",
    type: "VENDOR_WAITING_FOR_REVIEW",
    documentId: "77",
    en: "Gulf Office Furniture registered as a vendor and waits for your review",
    ar: "سجّل الخليج للأثاث المكتبي كمورّد وينتظر مراجعتك",
    body: "CR 1010123456",
    url: "/vendors/77",
    read: true
  },
  {
    module: "vendors",
    type: "INVITE_WAITING_FOR_REVIEW",
    documentId: "78",
    en: "Vendor invitation answered by Najd Logistics",
    ar: "ردّت نجد للخدمات اللوجستية على دعوة المورّدين",
    body: "#78",
    url: "/vendors/invited",
    read: true
  },
  {
    module: "vendors",
    type: "QUESTIONNAIRE_SECTION_ASSIGNED",
    documentId: "79",
    en: "You were assigned the compliance section of a questionnaire",
    ar: "أُسند إليك قسم الامتثال في استبيان",
    body: "#79",
    url: "/vendors/79",
    read: true
  },
  {
    module: "requests",
    type: "REQUEST_WAITING_FOR_APPROVAL",
    documentId: "1038",
    en: "Printer paper request waits for your approval",
    ar: "طلب ورق الطابعات بانتظار اعتمادك",
    body: "SAR 960.00",
    url: "/requests/1038",
    read: true
  },
  {
    module: "orders",
    type: "ORDER_WAITING_FOR_APPROVAL",
    documentId: "5117",
    en: "Purchase order for network switches waits for approval",
    ar: "أمر شراء محوّلات الشبكة بانتظار الاعتماد",
    body: "SAR 12,600.00",
    url: "/orders/5117",
    read: true
  }
]

const marker = "demo_data"

/** Whether the demo data has been loaded into this database. */
export const isLoaded = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ value: string }>`SELECT value FROM installation WHERE key = ${marker}`
  return rows.length > 0
}).pipe(Effect.orDie)

/**
 * Loads the demo organisations, accounts and notifications once. The notifications go through the notification
 * use case, as a module's would; the read ones are then marked read by their owner.
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
                 admin_config = ${JSON.stringify(settings.adminConfig)}::jsonb
          WHERE id = ${org.id}`.pipe(Effect.orDie)
    )
  }
  yield* inTenant(demoOrganisations.buyer.id)(
    sql`INSERT INTO roles (org_id, code, name_en, name_ar, privileges)
        VALUES (${demoOrganisations.buyer.id}, ${demoCustomRole.code}, ${demoCustomRole.en}, ${demoCustomRole.ar},
                ${`{${demoCustomRole.privileges.join(",")}}`}::text[])`.pipe(Effect.orDie)
  )
  yield* inTenant(demoOrganisations.buyer.id)(
    Effect.gen(function* () {
      const orgId = demoOrganisations.buyer.id
      const admin = demoUsers[0].id
      const config = { autoSubmitOrder: false, autoRfqToVendors: false, directOrdersFromRfq: true }
      for (const w of demoWorkspaces) {
        const number = yield* takeDocumentNumber(orgId, "workspace")
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
    }).pipe(Effect.orDie)
  )
  const buyer = new Recipient({
    orgId: demoOrganisations.buyer.id as OrgId,
    userId: demoUsers[1].id as UserId
  })
  for (const n of [...buyerNotifications].reverse()) {
    const saved = yield* notifications.notify(
      buyer,
      new NewNotification({
        module: n.module,
        type: n.type,
        documentId: n.documentId,
        title: { en: n.en, ar: n.ar },
        notificationBody: n.body,
        url: n.url
      })
    )
    if (n.read) yield* notifications.markRead(buyer, saved.id).pipe(Effect.orDie)
  }
  yield* sql`INSERT INTO installation (key, value) VALUES (${marker}, ${new Date().toISOString()})`.pipe(Effect.orDie)
  return true
})
