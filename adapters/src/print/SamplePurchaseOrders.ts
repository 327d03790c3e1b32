import { productPicture } from "../storage/catalog/DemoPictures.ts"
import type { PrintLine, PurchaseOrderPrintView } from "./PurchaseOrderPrintView.ts"

/** The sample organisation's logo: a small PNG in a teal hue. */
export const sampleLogo = productPicture(190, 1)

const products = {
  en: ["A4 copier paper, 80 g, box of 5 reams", "Ballpoint pens, blue (box of 50)", "Toner cartridge HP 26A"],
  ar: ["ورق تصوير A4 وزن 80 غ، كرتون 5 رزم", "أقلام حبر جاف زرقاء (علبة 50 قلمًا)", "خرطوشة حبر HP 26A للطابعة"]
} as const

/**
 * A purchase order's print view in English or Arabic with `lineCount` lines, worded as the print page would word it:
 * for the renderer's tests and the PDF benchmark.
 */
export const samplePurchaseOrderView = (locale: "en" | "ar", lineCount: number): PurchaseOrderPrintView => {
  const ar = locale === "ar"
  const lines: Array<PrintLine> = Array.from({ length: lineCount }, (_, i) => ({
    number: String(i + 1),
    description: `${products[locale][i % 3]!} — ${ar ? "بند" : "item"} ${i + 1}`,
    quantity: String(10 + i),
    unit: ar ? "علبة" : "box",
    unitPrice: "25.00",
    discount: i % 4 === 0 ? "5 %" : "",
    tax: "15 %",
    lineTotal: ((10 + i) * 25 * (i % 4 === 0 ? 0.95 : 1) * 1.15).toFixed(2)
  }))
  return {
    locale,
    direction: ar ? "rtl" : "ltr",
    organisation: {
      name: ar ? "شركة الرياض للتوريدات" : "Riyadh Supplies Co.",
      logo: sampleLogo,
      themeColour: "#0b7285",
      addressLines: ar ? ["طريق الملك فهد، الرياض 12271"] : ["King Fahd Road, Riyadh 12271"],
      vatNumber: "300000000000003"
    },
    heading: ar ? "أمر شراء" : "Purchase order",
    documentNumber: "PO-2025-00042",
    title: ar ? "مستلزمات مكتبية للربع الثالث" : "Office supplies for the third quarter",
    facts: ar
      ? [
          { label: "تاريخ الأمر", value: "14/08/2025" },
          { label: "تاريخ التسليم", value: "28/08/2025" },
          { label: "شرط الدفع", value: "30 يومًا" },
          { label: "العملة", value: "ريال سعودي (SAR)" }
        ]
      : [
          { label: "Order date", value: "14/08/2025" },
          { label: "Delivery date", value: "28/08/2025" },
          { label: "Payment term", value: "Net 30" },
          { label: "Currency", value: "Saudi riyal (SAR)" }
        ],
    vendor: {
      name: ar ? "مؤسسة النور التجارية" : "Al Noor Trading Est.",
      addressLines: ar ? ["شارع العليا، مبنى 14", "الرياض"] : ["Olaya Street, building 14", "Riyadh"],
      vatNumber: "310000000000003"
    },
    shipTo: {
      name: ar ? "المستودع الرئيسي" : "Main warehouse",
      addressLines: ar ? ["المنطقة الصناعية الثانية", "الرياض"] : ["Second industrial city", "Riyadh"]
    },
    lines,
    totals: ar
      ? [
          { label: "المجموع الفرعي", value: "10,000.00 ر.س" },
          { label: "الخصم", value: "500.00 ر.س" },
          { label: "ضريبة القيمة المضافة", value: "1,425.00 ر.س" },
          { label: "الشحن", value: "75.00 ر.س" },
          { label: "الإجمالي", value: "11,000.00 ر.س" }
        ]
      : [
          { label: "Subtotal", value: "SAR 10,000.00" },
          { label: "Discount", value: "SAR 500.00" },
          { label: "VAT", value: "SAR 1,425.00" },
          { label: "Shipping", value: "SAR 75.00" },
          { label: "Total", value: "SAR 11,000.00" }
        ],
    totalInWords: ar ? "أحد عشر ألف ريال سعودي فقط" : "Eleven thousand Saudi riyals only",
    paymentSchedule: ar
      ? [
          { label: "دفعة مقدمة", dueDate: "14/08/2025", share: "30 %", amount: "3,300.00 ر.س" },
          { label: "عند التسليم", dueDate: "27/09/2025", share: "70 %", amount: "7,700.00 ر.س" }
        ]
      : [
          { label: "Advance", dueDate: "14/08/2025", share: "30 %", amount: "SAR 3,300.00" },
          { label: "On delivery", dueDate: "27/09/2025", share: "70 %", amount: "SAR 7,700.00" }
        ],
    terms: ar
      ? [
          "يلتزم المورد بالتسليم في الموعد المحدد، وتُرفض البضاعة المخالفة للمواصفات.",
          "تُرفق الفاتورة الضريبية مع كل شحنة."
        ]
      : [
          "The vendor delivers on the date agreed; goods that do not meet the specification are refused.",
          "A tax invoice accompanies every shipment."
        ],
    remarks: ar ? "يرجى التنسيق مع أمين المستودع قبل التسليم." : "Please call the storekeeper before delivery.",
    labels: ar
      ? {
          vendor: "المورد",
          shipTo: "جهة التسليم",
          vatNumber: "الرقم الضريبي",
          lineNumber: "#",
          description: "الوصف",
          quantity: "الكمية",
          unit: "الوحدة",
          unitPrice: "سعر الوحدة",
          discount: "الخصم",
          tax: "الضريبة",
          lineTotal: "الإجمالي",
          totalInWords: "الإجمالي كتابةً",
          paymentSchedule: "جدول الدفعات",
          instalment: "الدفعة",
          dueDate: "تاريخ الاستحقاق",
          share: "النسبة",
          amount: "المبلغ",
          terms: "الشروط والأحكام",
          remarks: "ملاحظات",
          pageOf: "صفحة {page} من {pages}"
        }
      : {
          vendor: "Vendor",
          shipTo: "Ship to",
          vatNumber: "VAT number",
          lineNumber: "#",
          description: "Description",
          quantity: "Quantity",
          unit: "Unit",
          unitPrice: "Unit price",
          discount: "Discount",
          tax: "Tax",
          lineTotal: "Line total",
          totalInWords: "Total in words",
          paymentSchedule: "Payment schedule",
          instalment: "Instalment",
          dueDate: "Due date",
          share: "Share",
          amount: "Amount",
          terms: "Terms and conditions",
          remarks: "Remarks",
          pageOf: "Page {page} of {pages}"
        }
  }
}
