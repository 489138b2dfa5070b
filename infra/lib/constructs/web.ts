// The site: a private bucket read by CloudFront through Origin Access Control, the HTTP API on the
// same domain under /api/* (so the session cookie needs no CORS), SPA fallback for the screens,
// security headers on every answer, and the runtime config.json written at deploy time (one build
// serves every stage).
import { execFileSync } from 'node:child_process';
import { AssetHashType, DefaultStackSynthesizer, DockerImage, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import {
  contentSecurityPolicy,
  CROSS_ORIGIN_OPENER_POLICY,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
} from '#shared/security-headers';
import { paths } from '../paths';
import type { BuildMode } from '../handler-code';

export interface WebProps {
  stage: string;
  build: BuildMode;
  logBucket: s3.IBucket;
  /** https origin of the photo bucket: the browser PUTs uploads and loads photos from it (CSP). */
  photosOrigin: string;
  /**
   * Origin of the Cognito hosted UI (CSP form-action): sign-in redirects there. Defaults to any
   * hosted-UI domain of Cognito (`https://*.amazoncognito.com`); set it for a custom auth domain.
   */
  authOrigin?: string;
  domain?: { name: string; certificate: acm.ICertificate; hostedZone?: route53.IHostedZone };
}

/** Screens are paths without a file extension: CloudFront answers them with index.html. */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

const IMMUTABLE = s3deploy.CacheControl.fromString('public, max-age=31536000, immutable');
const REVALIDATE = s3deploy.CacheControl.fromString('public, max-age=0, must-revalidate');

export class Web extends Construct {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeaders: cloudfront.ResponseHeadersPolicy;
  /** https://<domain>, no trailing slash. */
  readonly url: string;
  private readonly build: BuildMode;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.build = props.build;

    // Build output only: rebuilt on every deploy, so it is never retained.
    this.siteBucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `RentalOps ${props.stage}: security headers`,
      securityHeadersBehavior: {
        // One definition with the local server (shared/security-headers.ts).
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            photoOrigins: [props.photosOrigin],
            formActionOrigins: [props.authOrigin ?? 'https://*.amazoncognito.com'],
            https: true,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
          { header: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY, override: true },
        ],
      },
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Screens (paths without an extension) are answered with index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `RentalOps ${props.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeaders,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      domainNames: props.domain ? [props.domain.name] : undefined,
      certificate: props.domain?.certificate,
      // Only applies with a certificate of our own; the default one is fixed by CloudFront.
      minimumProtocolVersion: props.domain ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Vacation-rental teams and guests work from many countries; no geographic restriction is wanted.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason: 'No WAF web ACL yet (about 6 USD a month per stage before requests): API Gateway throttling and the app login throttle limit abuse. Add one when traffic warrants.',
    });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose policy CloudFront fixes at TLSv1; with a domain (cdk.json "domain") TLSv1.2_2021 applies.',
      });
    }

    if (props.domain?.hostedZone) {
      const target = route53.RecordTarget.fromAlias(new route53Targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'AliasA', { zone: props.domain.hostedZone, recordName: props.domain.name, target });
      new route53.AaaaRecord(this, 'AliasAaaa', { zone: props.domain.hostedZone, recordName: props.domain.name, target });
    }

    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
  }

  /** Routes /api/* to the HTTP API: no caching, every viewer header, cookie and query string except Host. */
  routeApi(httpApi: apigwv2.IHttpApi): void {
    const stack = Stack.of(this);
    const apiDomain = `${httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.distribution.addBehavior(
      '/api/*',
      new origins.HttpOrigin(apiDomain, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      {
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.responseHeaders,
        compress: true,
      },
    );
  }

  /**
   * Uploads the built site and writes config.json (deploy-time values: pool, client, stage).
   * Hashed files under assets/ are immutable and never pruned (an open tab may still load an old
   * chunk); index.html, config.json and the rest revalidate, and the cache is invalidated.
   */
  publish(config: Record<string, unknown>): void {
    const site = this.siteSource();
    const role = new iam.Role(this, 'DeployRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built site to the site bucket and invalidates CloudFront',
    });
    const logGroup = new logs.LogGroup(this, 'DeployLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    logGroup.grantWrite(role);
    this.acknowledgeDeployRole(role);
    new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [site],
      destinationBucket: this.siteBucket,
      include: ['assets/*'],
      exclude: ['*'],
      prune: false,
      cacheControl: [IMMUTABLE],
      memoryLimit: 512,
      role,
      logGroup,
    });
    new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [site, s3deploy.Source.jsonData('config.json', config)],
      destinationBucket: this.siteBucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [REVALIDATE],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      role,
      logGroup,
    });
  }

  /** The grants BucketDeployment gives its handler (aws-cdk-lib's, not ours to narrow). */
  private acknowledgeDeployRole(role: iam.Role): void {
    const stack = Stack.of(this);
    const siteBucketId = stack.resolve((this.siteBucket.node.defaultChild as s3.CfnBucket).logicalId) as string;
    const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
    const assetBucket = `arn:${stack.resolve(stack.partition)}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${stack.region}/*`;
    const reasons: Record<string, string> = {
      'Action::s3:GetObject*': 'BucketDeployment reads the site asset from the CDK assets bucket',
      'Action::s3:GetBucket*': 'BucketDeployment reads the site asset from the CDK assets bucket',
      'Action::s3:List*': 'BucketDeployment syncs (lists) the asset and the site bucket',
      'Action::s3:DeleteObject*': 'BucketDeployment prunes files a new build no longer has (site bucket only)',
      'Action::s3:Abort*': 'BucketDeployment aborts failed multipart uploads to the site bucket',
      [`Resource::${assetBucket}`]: 'the CDK assets bucket holds one object per asset hash',
      [`Resource::<${siteBucketId}.Arn>/*`]: 'BucketDeployment writes every file of the build to the site bucket (this bucket only)',
      'Resource::*': 'cloudfront:CreateInvalidation and GetInvalidation support no resource-level scoping by distribution in BucketDeployment',
    };
    for (const [finding, reason] of Object.entries(reasons)) {
      Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: `${reason} (aws-cdk-lib BucketDeployment's own grant).` });
    }
  }

  private siteSource(): s3deploy.ISource {
    if (this.build === 'stub') {
      return s3deploy.Source.data('index.html', '<!doctype html><title>RentalOps (stub build for tests)</title>');
    }
    // Vite builds the SPA during synth, locally (no Docker): a clean checkout deploys with one command.
    return s3deploy.Source.asset(paths.frontend, {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
        local: {
          tryBundle(outputDir: string): boolean {
            try {
              execFileSync(process.execPath, [paths.viteCli, 'build', '--config', paths.viteConfig, '--outDir', outputDir, '--emptyOutDir', '--logLevel', 'warn'], {
                cwd: paths.root,
                stdio: 'pipe',
              });
            } catch (error) {
              const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
              throw new Error(`The site build (vite build) failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
            }
            return true;
          },
        },
      },
    });
  }
}
