// cdk-nag (AwsSolutions pack, cdk-nag 3: a policy-validation plugin). Findings on our own
// constructs are acknowledged where they arise, each with its reason; this file holds the pack's
// registration and the acknowledgements for the providers aws-cdk-lib adds on its own.
import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';

export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

/** Call last in the stack: the singleton providers exist once the constructs that use them do. */
export function acknowledgeCdkProviders(stack: Stack): void {
  for (const child of stack.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
      Validations.of(child).acknowledge({
        id: 'AwsSolutions-L1',
        reason: 'aws-cdk-lib BucketDeployment handler: its Python runtime is chosen by aws-cdk-lib and moves with its upgrades.',
      });
    }
  }
}
