import { interpolate, plural, type Counted, type Locale, type Translated } from "@tawreed/core/shared"

/** The CLI's own words, in every language the product speaks; error messages come from the core's catalogue. */
export const messages = {
  signedIn: { en: "Signed in as {email} at {apiUrl}.", ar: "تم تسجيل الدخول باسم {email} على {apiUrl}." },
  codePrompt: { en: "Security code: ", ar: "رمز الأمان: " },
  whoami: { en: "{name} <{email}> at {apiUrl}", ar: "{name} <{email}> على {apiUrl}" },
  finishWithCode: {
    en: "Finish signing in with: tawreed login --email {email} --code <security code>",
    ar: "أكمل تسجيل الدخول بالأمر: \u2068tawreed login --email {email} --code <رمز الأمان>\u2069"
  },
  signedOut: { en: "Signed out of {apiUrl}.", ar: "تم تسجيل الخروج من {apiUrl}." },
  notSignedIn: { en: "You were not signed in at {apiUrl}.", ar: "لم تكن مسجّل الدخول على {apiUrl}." },
  markedRead: { en: "Notification {id} marked as read.", ar: "تم تعليم الإشعار {id} كمقروء." },
  markedAllRead: { en: "All notifications marked as read.", ar: "تم تعليم جميع الإشعارات كمقروءة." },
  noNotifications: { en: "No Notifications", ar: "لا توجد إشعارات" },
  columnId: { en: "ID", ar: "الرقم" },
  columnNumber: { en: "No.", ar: "رقم المستند" },
  columnStatus: { en: "Status", ar: "الحالة" },
  columnLabel: { en: "Label", ar: "المستند" },
  columnTitle: { en: "Title", ar: "العنوان" },
  statusUNREAD: { en: "Unread", ar: "غير مقروء" },
  statusREAD: { en: "Read", ar: "مقروء" },
  invalidId: {
    en: "the notification id must be a whole number greater than 0, not '{value}'",
    ar: "يجب أن يكون رقم الإشعار عددًا صحيحًا أكبر من 0، وليس '{value}'"
  },
  invalidApiUrl: {
    en: "--api-url must be an http:// or https:// address, not '{value}'",
    ar: "يجب أن يكون \u2068--api-url\u2069 عنوانًا يبدأ بـ \u2068http://\u2069 أو \u2068https://\u2069، وليس '{value}'"
  },
  invalidLang: {
    en: "--lang must be en or ar, not '{value}'",
    ar: "يجب أن تكون قيمة \u2068--lang\u2069 إما \u2068en\u2069 أو \u2068ar\u2069، وليس '{value}'"
  },
  emptyOption: { en: "{option} must not be empty", ar: "يجب ألا يكون {option} فارغًا" },
  columnName: { en: "Name", ar: "الاسم" },
  columnEmail: { en: "Email", ar: "البريد الإلكتروني" },
  columnRoles: { en: "Roles", ar: "الأدوار" },
  columnCode: { en: "Code", ar: "الرمز" },
  kycVerified: { en: "{org}: KYC verified.", ar: "{org}: تم التحقق من بيانات اعرف عميلك." },
  kycNotVerified: { en: "{org}: KYC not verified.", ar: "{org}: لم يتم التحقق من بيانات اعرف عميلك." },
  catalogInvitationSent: {
    en: "Catalog invitation sent to {org} ({email}).",
    ar: "أُرسلت دعوة الكتالوج إلى {org} ({email})."
  },
  cartRfq: { en: "RFQ cart", ar: "سلة طلب عروض الأسعار" },
  cartOrder: { en: "Order cart", ar: "سلة أمر الشراء" },
  cartPublic: { en: "Public order cart", ar: "سلة الطلب العامة" },
  cartEmpty: { en: "{cart}: No Products added", ar: "{cart}: لم تتم إضافة منتجات" },
  catalogInvitationAccepted: { en: "You accepted the catalog {catalog}.", ar: "قبلت الكتالوج {catalog}." },
  noCatalogInvitations: { en: "No catalog invitations are waiting.", ar: "لا توجد دعوات كتالوج بانتظارك." },
  columnPrivileges: { en: "Privileges", ar: "الصلاحيات" },
  columnKind: { en: "Kind", ar: "النوع" },
  roleSystem: { en: "built in", ar: "مدمج" },
  roleCustom: { en: "custom", ar: "مخصص" },
  userStatusACTIVE: { en: "Active", ar: "نشط" },
  userStatusINACTIVE: { en: "Inactive", ar: "غير نشط" },
  userStatusBLOCKED: { en: "Blocked", ar: "محظور" },
  importRowRefused: { en: "line {line}: {message}", ar: "السطر {line}: {message}" },
  importHeader: {
    en: "the first line must name the columns, with at least email, firstName and roles",
    ar: "يجب أن يذكر السطر الأول أسماء الأعمدة، ومنها على الأقل \u2068email\u2069 و\u2068firstName\u2069 و\u2068roles\u2069"
  },
  importUnreadable: { en: "cannot read {file}: {detail}", ar: "تعذّرت قراءة {file}: {detail}" },
  catalogImportHeader: {
    en: "the first line must name the columns, with at least sku or nameEn or nameAr",
    ar: "يجب أن يذكر السطر الأول أسماء الأعمدة، ومنها على الأقل \u2068sku\u2069 أو \u2068nameEn\u2069 أو \u2068nameAr\u2069"
  },
  catalogSearchNone: { en: 'No product matches "{text}".', ar: 'لا يوجد منتج يطابق "{text}".' },
  columnSku: { en: "SKU", ar: "رمز المنتج" },
  columnBrand: { en: "Brand", ar: "العلامة التجارية" },
  columnPrice: { en: "Price", ar: "السعر" },
  columnClassification: { en: "Classification", ar: "التصنيف" },
  workspaceCreated: {
    en: "Workspace {name} created ({id}): {status}.",
    ar: "تم إنشاء مساحة العمل {name} ({id}): {status}."
  },
  workspaceNow: { en: "Workspace {name}: {status}.", ar: "مساحة العمل {name}: {status}." },
  workspaceStatusDRAFT: { en: "Draft", ar: "مسودة" },
  workspaceStatusPENDING: { en: "Pending approval", ar: "بانتظار الاعتماد" },
  workspaceStatusAPPROVED: { en: "Approved", ar: "معتمدة" },
  workspaceStatusRETURNED: { en: "Returned", ar: "مُعادة" },
  workspaceStatusREJECTED: { en: "Rejected", ar: "مرفوضة" },
  workspaceStatusACTIVE: { en: "Active", ar: "نشطة" },
  workspaceStatusINACTIVE: { en: "Inactive", ar: "غير نشطة" },
  workspaceStatusSUPER_APPROVED: { en: "Super approved", ar: "معتمدة من المعتمد الأعلى" },
  workspaceStatusSUPER_RETURNED: { en: "Super returned", ar: "مُعادة من المعتمد الأعلى" },
  workspaceStatusSUPER_REJECTED: { en: "Super rejected", ar: "مرفوضة من المعتمد الأعلى" },
  budgetHeading: {
    en: "{name} · {start} to {end} · {currency} · {status} · {policy}",
    ar: "{name} · من {start} إلى {end} · {currency} · {status} · {policy}"
  },
  budgetTotal: { en: "Total", ar: "الإجمالي" },
  columnWorkspace: { en: "Workspace", ar: "مساحة العمل" },
  columnPeriod: { en: "Period", ar: "الفترة" },
  columnPolicy: { en: "Policy", ar: "السياسة" },
  columnLine: { en: "Line", ar: "البند" },
  columnLimit: { en: "Limit", ar: "الحد" },
  columnRequested: { en: "Requested", ar: "مطلوب" },
  columnCommitted: { en: "Committed", ar: "ملتزم به" },
  columnActual: { en: "Actual", ar: "فعلي" },
  columnAvailable: { en: "Available", ar: "متاح" },
  budgetStatusBUDGETED: { en: "Budgeted", ar: "مخطط لها" },
  budgetStatusACTIVE: { en: "Active", ar: "نشطة" },
  budgetStatusINACTIVE: { en: "Inactive", ar: "غير نشطة" },
  budgetPolicySTOP: { en: "Stop", ar: "منع" },
  budgetPolicyWARN: { en: "Warn", ar: "تحذير" },
  budgetPolicyIGNORE: { en: "Ignore", ar: "تجاهل" },
  budgetCreated: {
    en: "Budget {name} created ({id}): {status}.",
    ar: "تم إنشاء الميزانية {name} ({id}): {status}."
  },
  budgetNow: { en: "Budget {name}: {status}.", ar: "الميزانية {name}: {status}." },
  budgetChangeNow: {
    en: "Change {number} ({id}): {action} · {status} · value {value}",
    ar: "التغيير {number} ({id}): {action} · {status} · القيمة {value}"
  },
  budgetActionrequest_for_budget_limit: { en: "Request for budget limit", ar: "طلب حد ميزانية" },
  budgetActionadjust_budget_internally: { en: "Internal adjustment", ar: "تعديل داخلي" },
  budgetActionadjust_budget_externally: { en: "External adjustment", ar: "تعديل خارجي" },
  budgetActionupdate_budget: { en: "Budget update", ar: "تحديث الميزانية" },
  budgetChangeStatusPENDING_APPROVAL: { en: "Pending approval", ar: "بانتظار الاعتماد" },
  budgetChangeStatusAPPROVED: { en: "Approved", ar: "معتمد" },
  budgetChangeStatusREJECTED: { en: "Rejected", ar: "مرفوض" },
  budgetChangeStatusRETURNED: { en: "Returned", ar: "مُعاد" },
  approvalActionSUBMIT: { en: "Submitted", ar: "أرسله للاعتماد" },
  approvalActionAPPROVE: { en: "Approved", ar: "اعتمده" },
  approvalActionREJECT: { en: "Rejected", ar: "رفضه" },
  approvalActionRETURN: { en: "Returned", ar: "أعاده" },
  approvalActionSKIP: { en: "Skipped", ar: "تخطّاه" },
  approvalActionSUPER_APPROVE: { en: "Super approved", ar: "اعتمده بصفته معتمدًا أعلى" },
  approvalActionSUPER_REJECT: { en: "Super rejected", ar: "رفضه بصفته معتمدًا أعلى" },
  approvalActionSUPER_RETURN: { en: "Super returned", ar: "أعاده بصفته معتمدًا أعلى" },
  approvalActionREMIND: { en: "Reminded", ar: "ذكّر به" },
  approvalActionWITHDRAW: { en: "Withdrew the review request", ar: "سحب طلب المراجعة" },
  approvalActionAUTO_APPROVE: { en: "Approved: no approval level applies", ar: "اعتُمد: لا ينطبق أي مستوى اعتماد" },
  timelineLevel: { en: "level {level}", ar: "المستوى {level}" },
  columnLevels: { en: "Levels", ar: "المستويات" },
  columnVersion: { en: "Version", ar: "الإصدار" },
  workflowOrganisation: { en: "organisation", ar: "المنظمة" },
  workflowHeading: {
    en: "{kind} workflow · {scope} · version {version} · {id}",
    ar: "مسار اعتماد {kind} · {scope} · الإصدار {version} · {id}"
  },
  workflowNoLevels: { en: "No approval levels: approved at once.", ar: "لا مستويات اعتماد: يُعتمد فورًا." },
  workflowLevel: { en: "Level {level}: {name} · {mode}", ar: "المستوى {level}: {name} · {mode}" },
  workflowApprovers: { en: "Approvers: {approvers}", ar: "المعتمدون: {approvers}" },
  workflowCriteria: { en: "Criteria: {criteria}", ar: "المعايير: {criteria}" },
  workflowAnyDocument: { en: "every document", ar: "كل مستند" },
  workflowRole: { en: "role {role}", ar: "الدور {role}" },
  workflowValueFrom: { en: "value from {value}", ar: "القيمة من {value}" },
  workflowValueBelow: { en: "value below {value}", ar: "القيمة أقل من {value}" },
  workflowCategories: { en: "categories {list}", ar: "الفئات {list}" },
  workflowRequestClassifications: { en: "request classifications {list}", ar: "تصنيفات الطلب {list}" },
  workflowApprovalClassifications: { en: "approval classifications {list}", ar: "تصنيفات الاعتماد {list}" },
  workflowPaymentTerms: { en: "payment terms {list}", ar: "شروط الدفع {list}" },
  workflowModeONE: { en: "any one approver", ar: "أي معتمد واحد" },
  workflowModeALL: { en: "all approvers", ar: "جميع المعتمدين" },
  workflowFileInvalid: {
    en: "{file} does not hold a workflow: {detail}",
    ar: "لا يحتوي {file} على مسار اعتماد: {detail}"
  },
  documentKindrequest: { en: "Request", ar: "طلب الشراء" },
  documentKindrfq: { en: "RFQ", ar: "طلب عرض الأسعار" },
  documentKindpre_rfq_approval: { en: "Pre-RFQ approval", ar: "اعتماد ما قبل طلب عرض الأسعار" },
  documentKindorder: { en: "Order", ar: "أمر الشراء" },
  documentKindbill: { en: "Bill", ar: "الفاتورة" },
  documentKindworkspace: { en: "Workspace", ar: "مساحة العمل" },
  documentKindbudget: { en: "Budget", ar: "الميزانية" },
  documentKindinvite: { en: "Vendor invitation", ar: "دعوة المورد" },
  credentialsUnavailable: {
    en: "Cannot use the credentials file {path}: {detail}",
    ar: "تعذّر استخدام ملف بيانات الدخول {path}: {detail}"
  },
  columnType: { en: "Type", ar: "النوع" },
  columnTotal: { en: "Total", ar: "الإجمالي" },
  columnItem: { en: "Item", ar: "الصنف" },
  columnQuantity: { en: "Quantity", ar: "الكمية" },
  columnUnit: { en: "Unit", ar: "الوحدة" },
  columnUnitPrice: { en: "Unit price", ar: "سعر الوحدة" },
  columnTax: { en: "Tax", ar: "الضريبة" },
  requestHeading: { en: "{number} · {title}", ar: "{number} · {title}" },
  requestNow: { en: "{toast}: {number} · {title} · {status}.", ar: "{toast}: {number} · {title} · {status}." },
  requestStatusLine: { en: "Status: {status} · {type}", ar: "الحالة: {status} · {type}" },
  requestWorkspaceLine: { en: "Workspace: {workspace}", ar: "مساحة العمل: {workspace}" },
  requestLocationLine: {
    en: "Workspace: {workspace} · Location: {location}",
    ar: "مساحة العمل: {workspace} · الموقع: {location}"
  },
  requestRequesterLine: {
    en: "Requested by {name} on {raised} · due {due}",
    ar: "طلبه {name} في {raised} · موعد التسليم {due}"
  },
  requestRaisedLine: { en: "Raised on {raised} · due {due}", ar: "رُفع في {raised} · موعد التسليم {due}" },
  requestNoDueDate: { en: "none", ar: "بلا موعد" },
  requestBudgetLine: { en: "Budget: {budget} · {line}", ar: "الميزانية: {budget} · {line}" },
  requestBudgetWarning: {
    en: "Budget warning: {line} passes its limit of {limit} by {excess}",
    ar: "تحذير الميزانية: يتجاوز {line} حدّه البالغ {limit} بمقدار {excess}"
  },
  requestSubtotal: { en: "Subtotal", ar: "المجموع قبل الضريبة" },
  requestTimeline: { en: "Timeline:", ar: "سجل الاعتماد:" },
  requestRemarks: { en: "Remarks: {remarks}", ar: "ملاحظات: {remarks}" },
  requestFileInvalid: {
    en: "{file} does not hold a request: {detail}",
    ar: "لا يحتوي {file} على طلب: {detail}"
  },
  requestStatusREQUEST_DRAFTED: { en: "Draft", ar: "مسودة" },
  requestStatusREQUEST_UNAPPROVED: { en: "Pending approval", ar: "بانتظار الاعتماد" },
  requestStatusREQUEST_ARCHIVED: { en: "Archived", ar: "مؤرشف" },
  requestStatusREQUEST_REJECTED: { en: "Rejected", ar: "مرفوض" },
  requestStatusREQUEST_SUBMITTED: { en: "Approved", ar: "معتمد" },
  requestStatusREQUEST_EDIT: { en: "Being edited", ar: "قيد التعديل" },
  requestStatusRFQ_PENDING: { en: "Awaiting quotations", ar: "بانتظار عروض الأسعار" },
  requestStatusREQUEST_PENDING: { en: "Ordered", ar: "صدر أمر الشراء" },
  requestStatusREQUEST_COMPLETED: { en: "Completed", ar: "مكتمل" },
  requestStatusREQUEST_CLOSED: { en: "Closed", ar: "مغلق" },
  requestStatusRFQ_CLOSED: { en: "Quotations closed", ar: "أُغلق استقبال عروض الأسعار" },
  requestStatusREQUEST_PARTIAL_RECEIVED: { en: "Partly received", ar: "مستلم جزئيًا" },
  requestStatusREQUEST_RETURNED: { en: "Returned", ar: "مُعاد" },
  requestStatusREQUEST_APPROVAL_RETURNED: { en: "Returned by an approver", ar: "أعاده أحد المعتمدين" },
  requestStatusREQUEST_FULFILED_FROM_INVENTORY: { en: "Fulfilled from inventory", ar: "تم توفيره من المخزون" },
  requestStatusREQUEST_RETURNED_TO_DRAFT: { en: "Returned to draft", ar: "أُعيد إلى المسودة" },
  requestStatusREQUEST_SUPER_CLOSED: { en: "Closed by a super user", ar: "أغلقه مستخدم رئيسي" },
  requestTypeproduct: { en: "Product request", ar: "طلب منتجات" },
  requestTypeservice: { en: "Service request", ar: "طلب خدمات" },
  requestTypeinventory: { en: "Inventory request", ar: "طلب من المخزون" },
  requestTypeexpense: { en: "Expense request", ar: "طلب مصروفات" },
  requestTypereimbursement: { en: "Reimbursement request", ar: "طلب استرداد" },
  requestTypeproposal: { en: "RFP", ar: "طلب عروض" },
  requestTypecontract: { en: "RFC MFA", ar: "طلب عقد" },
  orderNow: { en: "{toast}: {number} · {title} · {status}.", ar: "{toast}: {number} · {title} · {status}." },
  orderToastcreate: { en: "Order Created Successfully", ar: "تم إنشاء أمر الشراء بنجاح" },
  orderToastsubmit: { en: "Order Submitted Successfully", ar: "تم إرسال أمر الشراء للاعتماد بنجاح" },
  orderToastapprove: { en: "Order Approved Successfully", ar: "تم اعتماد أمر الشراء بنجاح" },
  orderToastreject: { en: "Order Rejected Successfully", ar: "تم رفض أمر الشراء بنجاح" },
  orderToastreturn: { en: "Order Returned Successfully", ar: "تمت إعادة أمر الشراء بنجاح" },
  orderToastsend: { en: "Order Sent to the Vendor Successfully", ar: "تم إرسال أمر الشراء إلى المورد بنجاح" },
  orderToastcancel: { en: "Order Cancelled Successfully", ar: "تم إلغاء أمر الشراء بنجاح" },
  orderToastclose: { en: "Order Closed Successfully", ar: "تم إغلاق أمر الشراء بنجاح" },
  orderToastaccept: { en: "Order Accepted Successfully", ar: "تم قبول أمر الشراء بنجاح" },
  orderToastdecline: { en: "Order Declined", ar: "تم الاعتذار عن أمر الشراء" },
  orderStatusLine: { en: "Status: {status} · Priority: {priority}", ar: "الحالة: {status} · الأولوية: {priority}" },
  orderVendorLine: { en: "Vendor: {vendor}", ar: "المورد: {vendor}" },
  orderVendorRequestLine: {
    en: "Vendor: {vendor} · Request: {request}",
    ar: "المورد: {vendor} · الطلب: {request}"
  },
  orderDelivery: { en: "Delivery by {date}", ar: "التسليم بحلول {date}" },
  orderCancelReason: { en: "Cancelled because: {reason}", ar: "سبب الإلغاء: {reason}" },
  orderShipping: { en: "Shipping", ar: "الشحن" },
  orderHistory: { en: "History:", ar: "السجل:" },
  orderFileInvalid: {
    en: "{file} does not hold an order: {detail}",
    ar: "لا يحتوي {file} على أمر شراء: {detail}"
  },
  orderCreateNeedsSource: {
    en: "name the approved request with --from-request, or give a direct order with --file",
    ar: "حدّد الطلب المعتمد بالخيار \u2068--from-request\u2069، أو قدّم أمر شراء مباشرًا بالخيار \u2068--file\u2069"
  },
  orderCreateNeedsVendor: {
    en: "--vendor must name the vendor to order from",
    ar: "يجب أن يحدد الخيار \u2068--vendor\u2069 المورد الذي يصدر له أمر الشراء"
  },
  columnPriority: { en: "Priority", ar: "الأولوية" },
  orderPriorityLow: { en: "Low", ar: "منخفضة" },
  orderPriorityMedium: { en: "Medium", ar: "متوسطة" },
  orderPriorityHigh: { en: "High", ar: "عالية" },
  orderStatusORDER_DRAFTED: { en: "Draft", ar: "مسودة" },
  orderStatusORDER_UNAPPROVED: { en: "Pending approval", ar: "بانتظار الاعتماد" },
  orderStatusORDER_PARTIAL_APPROVED: { en: "Partly approved", ar: "معتمد جزئيًا" },
  orderStatusORDER_REJECTED: { en: "Rejected", ar: "مرفوض" },
  orderStatusORDER_RETURNED: { en: "Returned by an approver", ar: "أعاده أحد المعتمدين" },
  orderStatusORDER_SUBMITTED_TO_VENDOR: { en: "Sent to the vendor", ar: "أُرسل إلى المورد" },
  orderStatusORDER_VENDOR_PENDING: { en: "Awaiting the vendor", ar: "بانتظار رد المورد" },
  orderStatusORDER_ACCEPTED_BY_VENDOR: { en: "Accepted by the vendor", ar: "قبله المورد" },
  orderStatusORDER_CANCELLED: { en: "Cancelled", ar: "ملغى" },
  orderStatusORDER_RECEIVED: { en: "Received", ar: "مستلم" },
  orderStatusORDER_COMPLETED: { en: "Completed", ar: "مكتمل" },
  orderStatusORDER_CLOSED: { en: "Closed", ar: "مغلق" },
  orderStatusORDER_INTEGRATION_TRIGGERED: { en: "Sent to the ERP", ar: "أُرسل إلى نظام تخطيط الموارد" },
  orderStatusORDER_INTEGRATION_SUCCESS: { en: "Recorded in the ERP", ar: "سُجّل في نظام تخطيط الموارد" },
  orderStatusORDER_INTEGRATION_FAILED: { en: "ERP transfer failed", ar: "تعذّر النقل إلى نظام تخطيط الموارد" },
  orderStatusORDER_INTEGRATION_RETRY: {
    en: "ERP transfer retried",
    ar: "أُعيدت محاولة النقل إلى نظام تخطيط الموارد"
  },
  orderEventSENT_TO_VENDOR: { en: "Sent to the vendor", ar: "أُرسل إلى المورد" },
  orderEventVENDOR_ACCEPTED: { en: "Accepted by the vendor", ar: "قبله المورد" },
  orderEventVENDOR_REJECTED: { en: "Declined by the vendor", ar: "اعتذر عنه المورد" },
  orderEventAMENDED: { en: "Amended", ar: "عُدّل" },
  orderEventCANCELLED: { en: "Cancelled", ar: "أُلغي" },
  orderEventCLOSED: { en: "Closed", ar: "أُغلق" },
  orderEventREOPENED: { en: "Reopened", ar: "أُعيد فتحه" },
  inviteNow: {
    en: "{toast}: {number} · {name} · {email} · {status}.",
    ar: "{toast}: {number} · {name} · {email} · {status}."
  },
  vendorChangeNow: {
    en: "{toast}: {number} · {name} · {fields}.",
    ar: "{toast}: {number} · {name} · {fields}."
  },
  vendorChangeApproved: { en: "Change approved and applied", ar: "تم اعتماد التعديل وتطبيقه" },
  vendorChangeRejected: { en: "Change rejected", ar: "تم رفض التعديل" },
  vendorChangeWithdrawn: { en: "Change withdrawn", ar: "تم سحب التعديل" },
  vendorChangeReviewed: {
    en: "Approved at this level; the change waits for the next",
    ar: "تم الاعتماد في هذا المستوى؛ ينتظر التعديل المستوى التالي"
  },
  vendorChangeFieldname: { en: "legal name", ar: "الاسم القانوني" },
  vendorChangeFieldcrNumber: { en: "CR number", ar: "رقم السجل التجاري" },
  vendorChangeFieldvatNumber: { en: "VAT number", ar: "الرقم الضريبي" },
  vendorChangeFieldaddresses: { en: "addresses", ar: "العناوين" },
  vendorChangeFieldbankAccounts: { en: "bank accounts", ar: "الحسابات البنكية" },
  inviteSent: { en: "Invitation sent", ar: "تم إرسال الدعوة" },
  inviteReviewed: { en: "Invitation reviewed", ar: "تمت مراجعة الدعوة" },
  inviteWithdrawn: { en: "Review request withdrawn", ar: "تم سحب طلب المراجعة" },
  inviteStatusINVITED: { en: "Invited", ar: "تمت الدعوة" },
  inviteStatusOPENED: { en: "Opened by the vendor", ar: "فتحها المورد" },
  inviteStatusUNDER_REVIEW: { en: "Under review", ar: "قيد المراجعة" },
  inviteStatusRETURNED: { en: "Returned for correction", ar: "أُعيدت للتصحيح" },
  inviteStatusAPPROVED: { en: "Approved", ar: "معتمدة" },
  inviteStatusREJECTED: { en: "Rejected", ar: "مرفوضة" },
  inviteStatusEXPIRED: { en: "Expired", ar: "منتهية الصلاحية" },
  inviteStatusCANCELLED: { en: "Cancelled", ar: "ملغاة" },
  inviteTemplateUnknown: {
    en: "No questionnaire is named {name}: see the vendors' settings.",
    ar: "لا يوجد استبيان باسم {name}: راجع إعدادات الموردين."
  },
  vendorStatusVENDOR_ACTIVE: { en: "Active", ar: "نشط" },
  vendorStatusVENDOR_INACTIVE: { en: "Inactive", ar: "غير نشط" },
  vendorStatusVENDOR_EXPIRED: { en: "Expired", ar: "منتهي الصلاحية" },
  vendorHoldALL: { en: "On hold for all business", ar: "موقوف عن جميع التعاملات" },
  vendorHoldINVOICES: { en: "Invoices on hold", ar: "الفواتير موقوفة" },
  vendorHoldPAYMENTS: { en: "Payments on hold", ar: "المدفوعات موقوفة" },
  vendorHoldUntil: { en: "{hold} until {date}", ar: "{hold} حتى {date}" },
  vendorNow: { en: "{toast}: {number} · {name} · {status}.", ar: "{toast}: {number} · {name} · {status}." },
  vendorCreated: { en: "Vendor created", ar: "تم إنشاء المورد" },
  vendorHeading: { en: "{number} · {name}", ar: "{number} · {name}" },
  vendorStatusLine: { en: "Status: {status}", ar: "الحالة: {status}" },
  vendorHoldLine: { en: "Hold: {hold}", ar: "الإيقاف: {hold}" },
  vendorRegistration: {
    en: "CR number: {cr} · VAT number: {vat}",
    ar: "رقم السجل التجاري: {cr} · الرقم الضريبي: {vat}"
  },
  vendorTerms: {
    en: "Payment terms: {days} days · Currency: {currency}",
    ar: "شروط الدفع: {days} يومًا · العملة: {currency}"
  },
  vendorCategories: { en: "Categories supplied: {categories}", ar: "الفئات المورّدة: {categories}" },
  vendorContact: { en: "Contact: {name} {email} {phone}", ar: "جهة الاتصال: {name} {email} {phone}" },
  vendorBank: { en: "Bank: {bank} · IBAN {iban}", ar: "البنك: {bank} · الآيبان {iban}" },
  vendorDocument: { en: "{kind}: {number} · expires {date}", ar: "{kind}: {number} · تنتهي في {date}" },
  vendorDocumentCR: { en: "Commercial registration", ar: "السجل التجاري" },
  vendorDocumentVAT_CERTIFICATE: { en: "VAT certificate", ar: "شهادة ضريبة القيمة المضافة" },
  vendorDocumentOTHER: { en: "Document", ar: "وثيقة" },
  vendorNoExpiry: { en: "no expiry", ar: "بلا تاريخ انتهاء" },
  columnVendor: { en: "Vendor", ar: "المورد" },
  columnCr: { en: "CR number", ar: "رقم السجل التجاري" },
  columnVat: { en: "VAT number", ar: "الرقم الضريبي" },
  columnHold: { en: "Hold", ar: "الإيقاف" },
  vendorFileInvalid: {
    en: "{file} does not hold a vendor: {detail}",
    ar: "لا يحتوي {file} على مورد: {detail}"
  },
  vendorHeld: { en: "Vendor put on hold", ar: "تم إيقاف المورد" },
  vendorReleased: { en: "Hold released", ar: "تم رفع الإيقاف" },
  vendorHoldScopeInvalid: {
    en: "--scope must be ALL, INVOICES or PAYMENTS",
    ar: "يجب أن يكون \u2068--scope\u2069 أحد \u2068ALL\u2069 أو \u2068INVOICES\u2069 أو \u2068PAYMENTS\u2069"
  },
  vendorImportHeader: {
    en: "the first line must name the columns, with at least nameEn or nameAr",
    ar: "يجب أن يذكر السطر الأول أسماء الأعمدة، ومنها على الأقل \u2068nameEn\u2069 أو \u2068nameAr\u2069"
  },
  contractStatusCONTRACT_DRAFTED: { en: "Draft", ar: "مسودة" },
  contractStatusCONTRACT_PENDING_APPROVAL: { en: "Pending approval", ar: "بانتظار الاعتماد" },
  contractStatusCONTRACT_ACTIVE: { en: "Active", ar: "ساري" },
  contractStatusCONTRACT_REJECTED: { en: "Rejected", ar: "مرفوض" },
  contractStatusCONTRACT_EXPIRED: { en: "Expired", ar: "منتهي" },
  contractStatusCONTRACT_TERMINATED: { en: "Terminated", ar: "مُنهى" },
  contractStatusCONTRACT_CLOSED: { en: "Closed", ar: "مغلق" },
  columnValidity: { en: "Validity", ar: "مدة السريان" },
  columnRemaining: { en: "Remaining", ar: "المتبقي" },
  contractHeading: { en: "{number} · {title}", ar: "{number} · {title}" },
  contractVendorLine: { en: "Vendor: {vendor} · Status: {status}", ar: "المورد: {vendor} · الحالة: {status}" },
  contractValidityLine: { en: "Valid from {start} to {end}", ar: "ساري من {start} إلى {end}" },
  contractCeilingLine: {
    en: "Ceiling {ceiling} {currency} · consumed {consumed} · remaining {remaining}",
    ar: "السقف {ceiling} {currency} · المستهلك {consumed} · المتبقي {remaining}"
  },
  contractNoCeiling: {
    en: "No ceiling · consumed {consumed} {currency}",
    ar: "بلا سقف · المستهلك {consumed} {currency}"
  },
  contractPriceLine: {
    en: "{sku} {product}: {price} {currency}{minimum}",
    ar: "{sku} {product}: {price} {currency}{minimum}"
  },
  contractMinimum: { en: " (from {quantity})", ar: " (ابتداءً من {quantity})" },
  contractCreated: { en: "Contract drafted", ar: "تم إنشاء مسودة العقد" },
  contractNow: { en: "{toast}: {number} · {title} ({status})", ar: "{toast}: {number} · {title} ({status})" },
  contractFileInvalid: {
    en: "{file} does not hold a contract: {detail}",
    ar: "لا يحتوي {file} على عقد: {detail}"
  },
  contractNotFound: { en: "No contract is numbered or named {name}.", ar: "لا يوجد عقد برقم أو اسم {name}." }
} satisfies Record<string, Translated>

export type MessageKey = keyof typeof messages

/** One of the CLI's texts in a language, with `{name}` placeholders filled. */
export const text = (key: MessageKey, locale: Locale, params: Readonly<Record<string, string | number>> = {}): string =>
  interpolate(messages[key][locale], params)

/**
 * The CLI's texts that count something, in every plural form the language's CLDR rules name (Arabic: zero, one,
 * two, few, many, other), each a whole sentence so that the noun agrees with its number.
 */
export const counted = {
  whoamiRoles: {
    en: { one: "Roles: {roles} ({count} privilege)", other: "Roles: {roles} ({count} privileges)" },
    ar: {
      zero: "الأدوار: {roles} (بلا صلاحيات)",
      one: "الأدوار: {roles} (صلاحية واحدة)",
      two: "الأدوار: {roles} (صلاحيتان)",
      few: "الأدوار: {roles} ({count} صلاحيات)",
      many: "الأدوار: {roles} ({count} صلاحية)",
      other: "الأدوار: {roles} ({count} صلاحية)"
    }
  },
  pageFooter: {
    en: {
      one: "Page {page} of {pages} · {count} notification",
      other: "Page {page} of {pages} · {count} notifications"
    },
    ar: {
      zero: "الصفحة {page} من {pages} · لا إشعارات",
      one: "الصفحة {page} من {pages} · إشعار واحد",
      two: "الصفحة {page} من {pages} · إشعاران",
      few: "الصفحة {page} من {pages} · {count} إشعارات",
      many: "الصفحة {page} من {pages} · {count} إشعارًا",
      other: "الصفحة {page} من {pages} · {count} إشعار"
    }
  },
  usersFooter: {
    en: { one: "{count} user", other: "{count} users" },
    ar: {
      zero: "لا يوجد مستخدمون",
      one: "مستخدم واحد",
      two: "مستخدمان",
      few: "{count} مستخدمين",
      many: "{count} مستخدمًا",
      other: "{count} مستخدم"
    }
  },
  importProgress: {
    en: { one: "Imported {done} of {count} user", other: "Imported {done} of {count} users" },
    ar: {
      zero: "لا مستخدمين للاستيراد",
      one: "تم استيراد {done} من مستخدم واحد",
      two: "تم استيراد {done} من مستخدمَين",
      few: "تم استيراد {done} من {count} مستخدمين",
      many: "تم استيراد {done} من {count} مستخدمًا",
      other: "تم استيراد {done} من {count} مستخدم"
    }
  },
  importCreated: {
    en: { one: "{count} user created", other: "{count} users created" },
    ar: {
      zero: "لم يُنشأ أي مستخدم",
      one: "أُنشئ مستخدم واحد",
      two: "أُنشئ مستخدمان",
      few: "أُنشئ {count} مستخدمين",
      many: "أُنشئ {count} مستخدمًا",
      other: "أُنشئ {count} مستخدم"
    }
  },
  importRefused: {
    en: { one: "{count} row refused", other: "{count} rows refused" },
    ar: {
      zero: "لم يُرفض أي سطر",
      one: "رُفض سطر واحد",
      two: "رُفض سطران",
      few: "رُفض {count} أسطر",
      many: "رُفض {count} سطرًا",
      other: "رُفض {count} سطر"
    }
  },
  importIncomplete: {
    en: {
      one: "{count} row of {file} was not imported; see the lines above.",
      other: "{count} rows of {file} were not imported; see the lines above."
    },
    ar: {
      zero: "استُورد كل سطر من {file}.",
      one: "لم يُستورد سطر واحد من {file}؛ راجع الأسطر أعلاه.",
      two: "لم يُستورد سطران من {file}؛ راجع الأسطر أعلاه.",
      few: "لم يُستورد {count} أسطر من {file}؛ راجع الأسطر أعلاه.",
      many: "لم يُستورد {count} سطرًا من {file}؛ راجع الأسطر أعلاه.",
      other: "لم يُستورد {count} سطر من {file}؛ راجع الأسطر أعلاه."
    }
  },
  workspacesFooter: {
    en: { one: "{count} workspace", other: "{count} workspaces" },
    ar: {
      zero: "لا توجد مساحات عمل",
      one: "مساحة عمل واحدة",
      two: "مساحتا عمل",
      few: "{count} مساحات عمل",
      many: "{count} مساحة عمل",
      other: "{count} مساحة عمل"
    }
  },
  budgetsFooter: {
    en: { one: "{count} budget", other: "{count} budgets" },
    ar: {
      zero: "لا توجد ميزانيات",
      one: "ميزانية واحدة",
      two: "ميزانيتان",
      few: "{count} ميزانيات",
      many: "{count} ميزانية",
      other: "{count} ميزانية"
    }
  },
  budgetChangesFooter: {
    en: { one: "{count} change", other: "{count} changes" },
    ar: {
      zero: "لا تغييرات",
      one: "تغيير واحد",
      two: "تغييران",
      few: "{count} تغييرات",
      many: "{count} تغييرًا",
      other: "{count} تغيير"
    }
  },
  workflowsFooter: {
    en: { one: "{count} workflow", other: "{count} workflows" },
    ar: {
      zero: "لا مسارات اعتماد",
      one: "مسار اعتماد واحد",
      two: "مسارا اعتماد",
      few: "{count} مسارات اعتماد",
      many: "{count} مسار اعتماد",
      other: "{count} مسار اعتماد"
    }
  },
  workflowSaved: {
    en: {
      one: "{kind} workflow saved ({id}): version {version}, {count} level.",
      other: "{kind} workflow saved ({id}): version {version}, {count} levels."
    },
    ar: {
      zero: "تم حفظ مسار اعتماد {kind} ({id}): الإصدار {version}، بلا مستويات.",
      one: "تم حفظ مسار اعتماد {kind} ({id}): الإصدار {version}، مستوى واحد.",
      two: "تم حفظ مسار اعتماد {kind} ({id}): الإصدار {version}، مستويان.",
      few: "تم حفظ مسار اعتماد {kind} ({id}): الإصدار {version}، {count} مستويات.",
      many: "تم حفظ مسار اعتماد {kind} ({id}): الإصدار {version}، {count} مستوى.",
      other: "تم حفظ مسار اعتماد {kind} ({id}): الإصدار {version}، {count} مستوى."
    }
  },
  requestsFooter: {
    en: {
      one: "Page {page} of {pages} · {count} request",
      other: "Page {page} of {pages} · {count} requests"
    },
    ar: {
      zero: "الصفحة {page} من {pages} · لا طلبات",
      one: "الصفحة {page} من {pages} · طلب واحد",
      two: "الصفحة {page} من {pages} · طلبان",
      few: "الصفحة {page} من {pages} · {count} طلبات",
      many: "الصفحة {page} من {pages} · {count} طلبًا",
      other: "الصفحة {page} من {pages} · {count} طلب"
    }
  },
  catalogImportProgress: {
    en: { one: "Imported {done} of {count} product", other: "Imported {done} of {count} products" },
    ar: {
      zero: "لا منتجات للاستيراد",
      one: "تم استيراد {done} من منتج واحد",
      two: "تم استيراد {done} من منتجَين",
      few: "تم استيراد {done} من {count} منتجات",
      many: "تم استيراد {done} من {count} منتجًا",
      other: "تم استيراد {done} من {count} منتج"
    }
  },
  catalogImportCreated: {
    en: { one: "{count} product imported", other: "{count} products imported" },
    ar: {
      zero: "لم يُستورد أي منتج",
      one: "استُورد منتج واحد",
      two: "استُورد منتجان",
      few: "استُورد {count} منتجات",
      many: "استُورد {count} منتجًا",
      other: "استُورد {count} منتج"
    }
  },
  cartProducts: {
    en: { one: "{count} product", other: "{count} products" },
    ar: {
      zero: "لا منتجات",
      one: "منتج واحد",
      two: "منتجان",
      few: "{count} منتجات",
      many: "{count} منتجًا",
      other: "{count} منتج"
    }
  },
  catalogSearchFooter: {
    en: { one: "Page {page} of {pages} · {count} product", other: "Page {page} of {pages} · {count} products" },
    ar: {
      zero: "الصفحة {page} من {pages} · لا منتجات",
      one: "الصفحة {page} من {pages} · منتج واحد",
      two: "الصفحة {page} من {pages} · منتجان",
      few: "الصفحة {page} من {pages} · {count} منتجات",
      many: "الصفحة {page} من {pages} · {count} منتجًا",
      other: "الصفحة {page} من {pages} · {count} منتج"
    }
  },
  vendorsFooter: {
    en: {
      one: "Page {page} of {pages} · {count} vendor",
      other: "Page {page} of {pages} · {count} vendors"
    },
    ar: {
      zero: "الصفحة {page} من {pages} · لا موردين",
      one: "الصفحة {page} من {pages} · مورد واحد",
      two: "الصفحة {page} من {pages} · مورّدان",
      few: "الصفحة {page} من {pages} · {count} موردين",
      many: "الصفحة {page} من {pages} · {count} مورّدًا",
      other: "الصفحة {page} من {pages} · {count} مورد"
    }
  },
  vendorImportProgress: {
    en: { one: "Imported {done} of {count} vendor", other: "Imported {done} of {count} vendors" },
    ar: {
      zero: "لا موردين للاستيراد",
      one: "تم استيراد {done} من مورد واحد",
      two: "تم استيراد {done} من مورّدَين",
      few: "تم استيراد {done} من {count} موردين",
      many: "تم استيراد {done} من {count} مورّدًا",
      other: "تم استيراد {done} من {count} مورد"
    }
  },
  vendorImportCreated: {
    en: { one: "{count} vendor created", other: "{count} vendors created" },
    ar: {
      zero: "لم يُنشأ أي مورد",
      one: "أُنشئ مورد واحد",
      two: "أُنشئ مورّدان",
      few: "أُنشئ {count} موردين",
      many: "أُنشئ {count} مورّدًا",
      other: "أُنشئ {count} مورد"
    }
  },
  contractsFooter: {
    en: {
      one: "Page {page} of {pages} · {count} contract",
      other: "Page {page} of {pages} · {count} contracts"
    },
    ar: {
      zero: "الصفحة {page} من {pages} · لا عقود",
      one: "الصفحة {page} من {pages} · عقد واحد",
      two: "الصفحة {page} من {pages} · عقدان",
      few: "الصفحة {page} من {pages} · {count} عقود",
      many: "الصفحة {page} من {pages} · {count} عقدًا",
      other: "الصفحة {page} من {pages} · {count} عقد"
    }
  },
  contractPrices: {
    en: { one: "{count} agreed price", other: "{count} agreed prices" },
    ar: {
      zero: "لا أسعار متفق عليها",
      one: "سعر متفق عليه واحد",
      two: "سعران متفق عليهما",
      few: "{count} أسعار متفق عليها",
      many: "{count} سعرًا متفقًا عليه",
      other: "{count} سعر متفق عليه"
    }
  },
  ordersFooter: {
    en: {
      one: "Page {page} of {pages} · {count} order",
      other: "Page {page} of {pages} · {count} orders"
    },
    ar: {
      zero: "الصفحة {page} من {pages} · لا أوامر شراء",
      one: "الصفحة {page} من {pages} · أمر شراء واحد",
      two: "الصفحة {page} من {pages} · أمرا شراء",
      few: "الصفحة {page} من {pages} · {count} أوامر شراء",
      many: "الصفحة {page} من {pages} · {count} أمرَ شراء",
      other: "الصفحة {page} من {pages} · {count} أمر شراء"
    }
  },
  requestLines: {
    en: { one: "{count} line", other: "{count} lines" },
    ar: {
      zero: "لا أصناف",
      one: "صنف واحد",
      two: "صنفان",
      few: "{count} أصناف",
      many: "{count} صنفًا",
      other: "{count} صنف"
    }
  }
} satisfies Record<string, Counted>

export type CountedKey = keyof typeof counted

/** One of the CLI's counted texts in a language: the plural form for `count`, with its placeholders filled. */
export const countText = (
  key: CountedKey,
  locale: Locale,
  count: number,
  params: Readonly<Record<string, string | number>> = {}
): string => plural(counted[key], locale, count, params)

/** Joins the CLI's own phrases (not user data, so not isolated) into a sentence of the language. */
export const sentence = (parts: ReadonlyArray<string>, locale: Locale): string =>
  `${parts.join(locale === "ar" ? "، و" : ", ")}.`
