// Texts of the exported files, in the caller's language (Accept-Language). The screens keep their
// own catalogues (frontend/src/features/reports/locales); the English words follow SPEC.
import type { Role, TaskStatus, TaskType, UiLanguage } from '#shared/enums';
import { fromCents, type ReportRangeKey } from '#shared/rules';
import type { ReportType } from '#shared/schemas';

export interface ExportLabels {
  title: string;
  company: string;
  period: string;
  generatedAt: string;
  reportType: string;
  ranges: Record<ReportRangeKey, string>;
  types: Record<ReportType, string>;
  summary: string;
  metric: string;
  value: string;
  taskPerformance: string;
  totalTasks: string;
  completed: string;
  inProgress: string;
  pending: string;
  cancelled: string;
  completionRate: string;
  completedInRange: string;
  tasksByType: string;
  tasksByStatus: string;
  taskTypes: Record<TaskType, string>;
  taskStatuses: Record<TaskStatus, string>;
  propertyOverview: string;
  activeProperties: string;
  averageTasksPerProperty: string;
  mostActiveProperty: string;
  notAvailable: string;
  property: string;
  tasks: string;
  teamPerformance: string;
  teamMembers: string;
  teamEfficiency: string;
  tasksPerMember: string;
  name: string;
  email: string;
  role: string;
  roles: Record<Role, string>;
  completedInPeriod: string;
  completedAllTime: string;
  financialSummary: string;
  revenue: string;
  paidInvoices: string;
  expenses: string;
  expenseCount: string;
  netProfit: string;
  outstanding: string;
  overdueInvoices: string;
  overdueTotal: string;
  daily: string;
  date: string;
  tasksCreated: string;
  tasksCompleted: string;
  total: string;
  sheets: { summary: string; tasks: string; properties: string; team: string; financial: string; daily: string };
}

const en: ExportLabels = {
  title: 'RentalOps report',
  company: 'Company',
  period: 'Period',
  generatedAt: 'Generated at',
  reportType: 'Report type',
  ranges: {
    this_week: 'This Week',
    this_month: 'This Month',
    last_month: 'Last Month',
    this_quarter: 'This Quarter',
    this_year: 'This Year',
    custom: 'Custom Range',
  },
  types: { all: 'All Reports', tasks: 'Tasks', properties: 'Properties', team: 'Team', financial: 'Financial' },
  summary: 'Summary',
  metric: 'Metric',
  value: 'Value',
  taskPerformance: 'Task Performance',
  totalTasks: 'Total Tasks',
  completed: 'Completed',
  inProgress: 'In Progress',
  pending: 'Pending',
  cancelled: 'Cancelled',
  completionRate: 'Completion Rate',
  completedInRange: 'Completions in the period',
  tasksByType: 'Tasks by Type',
  tasksByStatus: 'Tasks by Status',
  taskTypes: { cleaning: 'Cleaning', maintenance: 'Maintenance', laundry: 'Laundry', inspection: 'Inspection' },
  taskStatuses: { pending: 'Pending', in_progress: 'In Progress', completed: 'Completed', cancelled: 'Cancelled' },
  propertyOverview: 'Property Overview',
  activeProperties: 'Active Properties',
  averageTasksPerProperty: 'Avg Tasks per Property',
  mostActiveProperty: 'Most Active Property',
  notAvailable: 'N/A',
  property: 'Property',
  tasks: 'Tasks',
  teamPerformance: 'Team Performance',
  teamMembers: 'Team Members',
  teamEfficiency: 'Team Efficiency',
  tasksPerMember: 'Tasks per Member',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  roles: { ceo: 'CEO', operational_manager: 'Manager', staff: 'Staff', owner: 'Owner' },
  completedInPeriod: 'Completed in the period',
  completedAllTime: 'Completed (all time)',
  financialSummary: 'Financial Summary',
  revenue: 'Revenue',
  paidInvoices: 'Invoices paid',
  expenses: 'Expenses',
  expenseCount: 'Expenses recorded',
  netProfit: 'Net Profit',
  outstanding: 'Outstanding Invoices (today)',
  overdueInvoices: 'Overdue invoices (today)',
  overdueTotal: 'Overdue amount (today)',
  daily: 'Daily breakdown',
  date: 'Date',
  tasksCreated: 'Tasks created',
  tasksCompleted: 'Tasks completed',
  total: 'Total',
  sheets: { summary: 'Summary', tasks: 'Tasks', properties: 'Properties', team: 'Team', financial: 'Financial', daily: 'Daily' },
};

const pt: ExportLabels = {
  title: 'Relatório RentalOps',
  company: 'Empresa',
  period: 'Período',
  generatedAt: 'Gerado em',
  reportType: 'Tipo de relatório',
  ranges: {
    this_week: 'Esta semana',
    this_month: 'Este mês',
    last_month: 'Mês passado',
    this_quarter: 'Este trimestre',
    this_year: 'Este ano',
    custom: 'Período personalizado',
  },
  types: { all: 'Todos os relatórios', tasks: 'Tarefas', properties: 'Propriedades', team: 'Equipe', financial: 'Financeiro' },
  summary: 'Resumo',
  metric: 'Indicador',
  value: 'Valor',
  taskPerformance: 'Desempenho das tarefas',
  totalTasks: 'Total de tarefas',
  completed: 'Concluídas',
  inProgress: 'Em andamento',
  pending: 'Pendentes',
  cancelled: 'Canceladas',
  completionRate: 'Taxa de conclusão',
  completedInRange: 'Conclusões no período',
  tasksByType: 'Tarefas por tipo',
  tasksByStatus: 'Tarefas por status',
  taskTypes: { cleaning: 'Limpeza', maintenance: 'Manutenção', laundry: 'Lavanderia', inspection: 'Inspeção' },
  taskStatuses: { pending: 'Pendente', in_progress: 'Em andamento', completed: 'Concluída', cancelled: 'Cancelada' },
  propertyOverview: 'Visão geral das propriedades',
  activeProperties: 'Propriedades ativas',
  averageTasksPerProperty: 'Média de tarefas por propriedade',
  mostActiveProperty: 'Propriedade mais ativa',
  notAvailable: 'N/D',
  property: 'Propriedade',
  tasks: 'Tarefas',
  teamPerformance: 'Desempenho da equipe',
  teamMembers: 'Membros da equipe',
  teamEfficiency: 'Eficiência da equipe',
  tasksPerMember: 'Tarefas por membro',
  name: 'Nome',
  email: 'Email',
  role: 'Função',
  roles: { ceo: 'CEO', operational_manager: 'Gerente', staff: 'Colaborador', owner: 'Proprietário' },
  completedInPeriod: 'Concluídas no período',
  completedAllTime: 'Concluídas (total)',
  financialSummary: 'Resumo financeiro',
  revenue: 'Receita',
  paidInvoices: 'Faturas pagas',
  expenses: 'Despesas',
  expenseCount: 'Despesas registradas',
  netProfit: 'Lucro líquido',
  outstanding: 'Faturas em aberto (hoje)',
  overdueInvoices: 'Faturas vencidas (hoje)',
  overdueTotal: 'Valor vencido (hoje)',
  daily: 'Detalhamento diário',
  date: 'Data',
  tasksCreated: 'Tarefas criadas',
  tasksCompleted: 'Tarefas concluídas',
  total: 'Total',
  sheets: { summary: 'Resumo', tasks: 'Tarefas', properties: 'Propriedades', team: 'Equipe', financial: 'Financeiro', daily: 'Diário' },
};

const es: ExportLabels = {
  title: 'Informe RentalOps',
  company: 'Empresa',
  period: 'Período',
  generatedAt: 'Generado el',
  reportType: 'Tipo de informe',
  ranges: {
    this_week: 'Esta semana',
    this_month: 'Este mes',
    last_month: 'Mes pasado',
    this_quarter: 'Este trimestre',
    this_year: 'Este año',
    custom: 'Período personalizado',
  },
  types: { all: 'Todos los informes', tasks: 'Tareas', properties: 'Propiedades', team: 'Equipo', financial: 'Financiero' },
  summary: 'Resumen',
  metric: 'Indicador',
  value: 'Valor',
  taskPerformance: 'Rendimiento de tareas',
  totalTasks: 'Total de tareas',
  completed: 'Completadas',
  inProgress: 'En curso',
  pending: 'Pendientes',
  cancelled: 'Canceladas',
  completionRate: 'Tasa de finalización',
  completedInRange: 'Finalizaciones en el período',
  tasksByType: 'Tareas por tipo',
  tasksByStatus: 'Tareas por estado',
  taskTypes: { cleaning: 'Limpieza', maintenance: 'Mantenimiento', laundry: 'Lavandería', inspection: 'Inspección' },
  taskStatuses: { pending: 'Pendiente', in_progress: 'En curso', completed: 'Completada', cancelled: 'Cancelada' },
  propertyOverview: 'Resumen de propiedades',
  activeProperties: 'Propiedades activas',
  averageTasksPerProperty: 'Promedio de tareas por propiedad',
  mostActiveProperty: 'Propiedad más activa',
  notAvailable: 'N/D',
  property: 'Propiedad',
  tasks: 'Tareas',
  teamPerformance: 'Rendimiento del equipo',
  teamMembers: 'Miembros del equipo',
  teamEfficiency: 'Eficiencia del equipo',
  tasksPerMember: 'Tareas por miembro',
  name: 'Nombre',
  email: 'Correo',
  role: 'Rol',
  roles: { ceo: 'CEO', operational_manager: 'Gerente', staff: 'Personal', owner: 'Propietario' },
  completedInPeriod: 'Completadas en el período',
  completedAllTime: 'Completadas (total)',
  financialSummary: 'Resumen financiero',
  revenue: 'Ingresos',
  paidInvoices: 'Facturas pagadas',
  expenses: 'Gastos',
  expenseCount: 'Gastos registrados',
  netProfit: 'Beneficio neto',
  outstanding: 'Facturas pendientes (hoy)',
  overdueInvoices: 'Facturas vencidas (hoy)',
  overdueTotal: 'Importe vencido (hoy)',
  daily: 'Desglose diario',
  date: 'Fecha',
  tasksCreated: 'Tareas creadas',
  tasksCompleted: 'Tareas completadas',
  total: 'Total',
  sheets: { summary: 'Resumen', tasks: 'Tareas', properties: 'Propiedades', team: 'Equipo', financial: 'Financiero', daily: 'Diario' },
};

export const EXPORT_LABELS: Record<UiLanguage, ExportLabels> = { en, pt, es };

const LOCALES: Record<UiLanguage, string> = { en: 'en-US', pt: 'pt-BR', es: 'es-ES' };

const USD_FORMATS = new Map<UiLanguage, Intl.NumberFormat>();

/**
 * US dollars (SPEC) in the report's language, as the screens write them ($12,345.67, US$ 12.345,67,
 * 12.345,67 US$), from exact cents: the decimal text is formatted, never a float.
 */
export function formatUsd(cents: number, language: UiLanguage): string {
  let format = USD_FORMATS.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language] ?? LOCALES.en, { style: 'currency', currency: 'USD' });
    USD_FORMATS.set(language, format);
  }
  return format.format(fromCents(cents) as unknown as number);
}


/** An instant in the company's time zone, naming the zone ("Mar 14, 2026, 9:00 AM EDT"). */
export function formatDateTime(iso: string, language: UiLanguage, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}
