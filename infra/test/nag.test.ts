// cdk-nag's AwsSolutions pack on every stage: no unacknowledged error, and every acknowledgement
// gives its reason. A deliberately bad resource proves the pack is really running.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App, NestedStack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { PRODUCTION_STAGE } from '../lib/config';
import { addNagChecks } from '../lib/nag';
import { buildStage, PLATFORM_ONLY, STAGE_NAMES } from './support/synth';

interface Violation {
  ruleName: string;
  severity: string;
  violatingConstructs: Array<{ constructPath: string }>;
}

/** Synthesises with the pack (into the app's temporary directory) and returns the unacknowledged findings: rule @ construct path. */
function nagFindings(app: App, severity = 'error'): string[] {
  addNagChecks(app);
  const reportFile = path.join(app.outdir, 'validation-report.json');
  try {
    app.synth();
  } catch (error) {
    // A failed validation throws after writing its report; anything else is a real error.
    if (!existsSync(reportFile)) throw error;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    pluginReports: Array<{ violations: Violation[] }>;
  };
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.filter((v) => v.severity === severity).flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} @ ${c.constructPath}`)),
  );
}

describe('cdk-nag AwsSolutions', () => {
  // Each stage as cdk.json configures it, built once: its pack's run, and for prod the acknowledgements'
  // reasons (metadata of the construct tree, the same before and after the synthesis). Prod carries
  // the whole table of functions; the other stages their platform with two routes: a function's
  // resources (its role, policies, log group, alarms) do not depend on the stage (only its log level
  // and names do), so their whole tables would run the pack over the same findings twice more
  // (a full synthesis with the pack is 10-20 s of CI's CPU).
  const built = new Map<string, ReturnType<typeof buildStage>>();
  const stageFromCdkJson = (stage: string) => {
    let stageBuilt = built.get(stage);
    if (!stageBuilt) built.set(stage, (stageBuilt = buildStage(stage, { ...(stage === PRODUCTION_STAGE ? {} : PLATFORM_ONLY), fromCdkJson: true, cloudFormationValidation: true })));
    return stageBuilt;
  };

  it.each(STAGE_NAMES)('finds no unacknowledged error in %s as cdk.json configures it (with the built-in CloudFormation rules too; prod with every function, the other stages with two routes)', (stage) => {
    const { app } = stageFromCdkJson(stage);
    expect(nagFindings(app)).toEqual([]);
  });

  it('finds no unacknowledged error with a custom domain and SES sending for Cognito', () => {
    // The platform of prod with the domain and SES (certificate, distribution aliases, hosted zone,
    // Cognito's e-mail): two routes, since no function's resources depend on either, and the whole
    // table's functions are checked in prod above (a full synthesis with the pack: 10-20 s).
    const { app } = buildStage('prod', {
      ...PLATFORM_ONLY,
      config: {
        domain: {
          name: 'app.example.com',
          certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
          hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'example.com' },
        },
        ses: { identityVerified: true },
      },
    });
    expect(nagFindings(app)).toEqual([]);
  });

  it('reports a violation nobody acknowledged, in the stage stack and in its nested stacks (the pack is running)', () => {
    // Two routes: still a nested stack of functions, the pack's run over a tenth of the constructs.
    const { app, stack } = buildStage('dev', PLATFORM_ONLY);
    new s3.Bucket(stack, 'CarelessBucket');
    const nested = stack.node.findAll().find(NestedStack.isNestedStack)!;
    new s3.Bucket(nested, 'CarelessNestedBucket');
    expect(nagFindings(app)).toEqual(
      expect.arrayContaining(['AwsSolutions-S10 @ RentalOps-dev/CarelessBucket/Resource', `AwsSolutions-S10 @ ${nested.node.path}/CarelessNestedBucket/Resource`]),
    );
  });

  it('gives a reason for every acknowledgement', () => {
    const { stack } = stageFromCdkJson('prod');
    const acknowledgements = stack.node
      .findAll()
      .flatMap((construct) =>
        construct.node.metadata
          .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((entry) => Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({ id, reason, at: construct.node.path }))),
      );
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { reason } of acknowledgements) expect(reason.length).toBeGreaterThan(20);
  });
});
