// Business metrics (Powertools Metrics, CloudWatch embedded metric format, namespace RentalOps):
// tasks completed, calendar syncs failed, notifications sent and failed. Code records a count with
// `countMetric()`; the wrappers (event handlers, queue workers, the HTTP wrapper) call
// `flushMetrics()` at the end of each invocation. Powertools is imported only when there is
// something to publish, and only in Lambda: a function that records nothing pays nothing at start-up.
// Locally (npm start, tests) nothing is emitted; the counts are kept in `recordedMetrics` for tests.
export const METRICS_NAMESPACE = 'RentalOps';

/** The product's metric names (the dashboard and alarms read these). */
export const METRIC = {
  tasksCompleted: 'TasksCompleted',
  syncsFailed: 'CalendarSyncsFailed',
  notificationsSent: 'NotificationsSent',
  notificationsFailed: 'NotificationsFailed',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

interface Pending {
  name: MetricName;
  value: number;
  dimensions?: Record<string, string>;
}

let pending: Pending[] = [];
/** Local runs: totals per metric name (tests read them). */
export const recordedMetrics = new Map<MetricName, number>();

const inLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) && process.env.POWERTOOLS_METRICS_DISABLED !== 'true';

export function countMetric(name: MetricName, value = 1, dimensions?: Record<string, string>): void {
  if (!inLambda()) {
    recordedMetrics.set(name, (recordedMetrics.get(name) ?? 0) + value);
    return;
  }
  pending.push({ name, value, dimensions });
}

/** Publishes what was counted during the invocation (one EMF log line per metric set). Never throws. */
export async function flushMetrics(): Promise<void> {
  if (pending.length === 0) return;
  const batch = pending;
  pending = [];
  try {
    const { Metrics, MetricUnit: Unit } = await import('@aws-lambda-powertools/metrics');
    const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'rentalops' });
    for (const metric of batch) {
      if (metric.dimensions) {
        const single = metrics.singleMetric();
        for (const [key, value] of Object.entries(metric.dimensions)) single.addDimension(key, value);
        single.addMetric(metric.name, Unit.Count, metric.value);
      } else {
        metrics.addMetric(metric.name, Unit.Count, metric.value);
      }
    }
    metrics.publishStoredMetrics();
  } catch (error) {
    console.warn('Metrics not published', error);
  }
}
