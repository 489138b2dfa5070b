// Texts of the owner report (PDF and e-mail), in the owner's language (pt, en, es).
import type { NotificationLanguage } from '#shared/enums';
import type { ExpenseCategory } from '#shared/schemas';

export interface OwnerReportLabels {
  title: string;
  owner: string;
  company: string;
  month: string;
  generatedAt: string;
  summary: string;
  properties: string;
  stays: string;
  nights: string;
  occupancy: string;
  occupancyNote: string;
  blockedNights: string;
  cleaningsDone: string;
  problemsReported: string;
  problemsFixed: string;
  expenses: string;
  invoiced: string;
  paid: string;
  staysSection: string;
  guest: string;
  checkin: string;
  checkout: string;
  nightsInMonth: string;
  cleaningsSection: string;
  date: string;
  task: string;
  problemsSection: string;
  problem: string;
  reported: string;
  fixed: string;
  notFixed: string;
  expensesSection: string;
  category: string;
  description: string;
  amount: string;
  invoicesSection: string;
  client: string;
  due: string;
  status: string;
  total: string;
  none: string;
  categories: Record<ExpenseCategory, string>;
  invoiceStatuses: Record<'pending' | 'paid' | 'overdue', string>;
  mailSubject: string;
  mailBody: string;
}

const en: OwnerReportLabels = {
  title: 'Owner report',
  owner: 'Owner',
  company: 'Managed by',
  month: 'Month',
  generatedAt: 'Generated at',
  summary: 'Summary',
  properties: 'Properties',
  stays: 'Stays',
  nights: 'Nights booked',
  occupancy: 'Occupancy',
  occupancyNote: 'Occupancy = nights booked ÷ nights in the month. Nights blocked by the owner or for maintenance are not counted as booked.',
  blockedNights: 'Nights blocked (not counted)',
  cleaningsDone: 'Cleanings done',
  problemsReported: 'Problems reported',
  problemsFixed: 'Problems fixed',
  expenses: 'Expenses',
  invoiced: 'Invoiced',
  paid: 'Paid',
  staysSection: 'Stays',
  guest: 'Guest',
  checkin: 'Check-in',
  checkout: 'Check-out',
  nightsInMonth: 'Nights in month',
  cleaningsSection: 'Cleanings',
  date: 'Date',
  task: 'Task',
  problemsSection: 'Problems and repairs',
  problem: 'Problem',
  reported: 'Reported',
  fixed: 'Fixed',
  notFixed: 'Open',
  expensesSection: 'Expenses',
  category: 'Category',
  description: 'Description',
  amount: 'Amount',
  invoicesSection: 'Invoices',
  client: 'Client',
  due: 'Due',
  status: 'Status',
  total: 'Total',
  none: 'None this month.',
  categories: { cleaning: 'Cleaning', maintenance: 'Maintenance', laundry: 'Laundry', supplies: 'Supplies', utilities: 'Utilities', payroll: 'Payroll', marketing: 'Marketing', taxes: 'Taxes', insurance: 'Insurance', other: 'Other' },
  invoiceStatuses: { pending: 'Pending', paid: 'Paid', overdue: 'Overdue' },
  mailSubject: 'Your owner report for {{month}}',
  mailBody: 'Hello {{name}},\n\nAttached is the report for {{month}} of {{properties}}, from {{company}}: stays and nights, occupancy, cleanings, problems and repairs, expenses and invoices.\n\nKind regards,\n{{company}}',
};

const pt: OwnerReportLabels = {
  title: 'Relatório do proprietário',
  owner: 'Proprietário',
  company: 'Gerido por',
  month: 'Mês',
  generatedAt: 'Gerado em',
  summary: 'Resumo',
  properties: 'Propriedades',
  stays: 'Estadias',
  nights: 'Noites reservadas',
  occupancy: 'Ocupação',
  occupancyNote: 'Ocupação = noites reservadas ÷ noites do mês. Noites bloqueadas pelo proprietário ou para manutenção não contam como reservadas.',
  blockedNights: 'Noites bloqueadas (não contam)',
  cleaningsDone: 'Limpezas feitas',
  problemsReported: 'Problemas relatados',
  problemsFixed: 'Problemas resolvidos',
  expenses: 'Despesas',
  invoiced: 'Faturado',
  paid: 'Pago',
  staysSection: 'Estadias',
  guest: 'Hóspede',
  checkin: 'Entrada',
  checkout: 'Saída',
  nightsInMonth: 'Noites no mês',
  cleaningsSection: 'Limpezas',
  date: 'Data',
  task: 'Tarefa',
  problemsSection: 'Problemas e reparos',
  problem: 'Problema',
  reported: 'Relatado',
  fixed: 'Resolvido',
  notFixed: 'Em aberto',
  expensesSection: 'Despesas',
  category: 'Categoria',
  description: 'Descrição',
  amount: 'Valor',
  invoicesSection: 'Faturas',
  client: 'Cliente',
  due: 'Vencimento',
  status: 'Status',
  total: 'Total',
  none: 'Nada neste mês.',
  categories: { cleaning: 'Limpeza', maintenance: 'Manutenção', laundry: 'Lavanderia', supplies: 'Suprimentos', utilities: 'Serviços públicos', payroll: 'Folha de pagamento', marketing: 'Marketing', taxes: 'Impostos', insurance: 'Seguros', other: 'Outros' },
  invoiceStatuses: { pending: 'Pendente', paid: 'Pago', overdue: 'Vencido' },
  mailSubject: 'Seu relatório de proprietário de {{month}}',
  mailBody: 'Olá {{name}},\n\nSegue em anexo o relatório de {{month}} de {{properties}}, enviado por {{company}}: estadias e noites, ocupação, limpezas, problemas e reparos, despesas e faturas.\n\nAtenciosamente,\n{{company}}',
};

const es: OwnerReportLabels = {
  title: 'Informe del propietario',
  owner: 'Propietario',
  company: 'Gestionado por',
  month: 'Mes',
  generatedAt: 'Generado el',
  summary: 'Resumen',
  properties: 'Propiedades',
  stays: 'Estancias',
  nights: 'Noches reservadas',
  occupancy: 'Ocupación',
  occupancyNote: 'Ocupación = noches reservadas ÷ noches del mes. Las noches bloqueadas por el propietario o por mantenimiento no cuentan como reservadas.',
  blockedNights: 'Noches bloqueadas (no cuentan)',
  cleaningsDone: 'Limpiezas hechas',
  problemsReported: 'Problemas reportados',
  problemsFixed: 'Problemas resueltos',
  expenses: 'Gastos',
  invoiced: 'Facturado',
  paid: 'Pagado',
  staysSection: 'Estancias',
  guest: 'Huésped',
  checkin: 'Entrada',
  checkout: 'Salida',
  nightsInMonth: 'Noches en el mes',
  cleaningsSection: 'Limpiezas',
  date: 'Fecha',
  task: 'Tarea',
  problemsSection: 'Problemas y reparaciones',
  problem: 'Problema',
  reported: 'Reportado',
  fixed: 'Resuelto',
  notFixed: 'Abierto',
  expensesSection: 'Gastos',
  category: 'Categoría',
  description: 'Descripción',
  amount: 'Importe',
  invoicesSection: 'Facturas',
  client: 'Cliente',
  due: 'Vencimiento',
  status: 'Estado',
  total: 'Total',
  none: 'Nada este mes.',
  categories: { cleaning: 'Limpieza', maintenance: 'Mantenimiento', laundry: 'Lavandería', supplies: 'Suministros', utilities: 'Servicios', payroll: 'Nómina', marketing: 'Marketing', taxes: 'Impuestos', insurance: 'Seguros', other: 'Otros' },
  invoiceStatuses: { pending: 'Pendiente', paid: 'Pagada', overdue: 'Vencida' },
  mailSubject: 'Tu informe de propietario de {{month}}',
  mailBody: 'Hola {{name}}:\n\nAdjuntamos el informe de {{month}} de {{properties}}, de {{company}}: estancias y noches, ocupación, limpiezas, problemas y reparaciones, gastos y facturas.\n\nUn saludo,\n{{company}}',
};

export const OWNER_REPORT_LABELS: Record<NotificationLanguage, OwnerReportLabels> = { en, pt, es };

const LOCALES: Record<NotificationLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

/** "March 2026", "março de 2026", "marzo de 2026". */
export function formatMonth(month: string, language: NotificationLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

export const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
