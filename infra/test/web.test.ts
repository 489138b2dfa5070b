// The web construct: a private site bucket read through Origin Access Control, CloudFront with
// /api/* routed to the HTTP API on the same domain, SPA fallback, security headers, config.json
// written at deploy time, and the custom domain when configured.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { PLATFORM_ONLY, testStage, synthStage } from './support/synth';
import { resources, type Resource } from './support/template';
import { SPA_FALLBACK_CODE } from '../lib/constructs/web';

const dev = testStage('dev');
const { template } = dev;
const distribution = () => Object.values(resources(template, 'AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

describe('the web construct', () => {
  it('keeps the site bucket private, encrypted and TLS-only, read by CloudFront through Origin Access Control', () => {
    const [siteId, site] = Object.entries(resources(template, 'AWS::S3::Bucket')).find(([id]) => id.startsWith('WebSite'))!;
    expect(site.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(site.Properties.BucketEncryption).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    const policy = Object.values(resources(template, 'AWS::S3::BucketPolicy')).find((p) => p.Properties.Bucket.Ref === siteId)!;
    const statements = policy.Properties.PolicyDocument.Statement as Array<Record<string, any>>;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Allow', Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }));
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    expect(distribution().Origins[0]).toMatchObject({ DomainName: { 'Fn::GetAtt': [siteId, 'RegionalDomainName'] }, OriginAccessControlId: expect.anything() });
  });

  it('routes /api/* to the HTTP API, uncached, with every viewer header, cookie and query string but Host', () => {
    const api = distribution().CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === '/api/*');
    expect(api).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = distribution().Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(origin).toMatchObject({
      DomainName: { 'Fn::Join': ['', [{ Ref: expect.stringMatching(/^ApiHttpApi/) }, '.execute-api.us-east-1.', { Ref: 'AWS::URLSuffix' }]] },
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
    });
  });

  it('answers screens with index.html (a viewer-request function on the site, not on /api/*)', () => {
    expect(distribution().DefaultCacheBehavior).toMatchObject({
      CachePolicyId: CACHING_OPTIMIZED,
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebSpaFallback/), 'FunctionARN'] } }],
    });
    expect(distribution().DefaultRootObject).toBe('index.html');
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_FALLBACK_CODE, FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });
  });

  type ViewerRequest = { uri: string; headers: Record<string, { value: string }> };
  const handler = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (event: { request: ViewerRequest }) => ViewerRequest;
  const uriFor = (uri: string, acceptEncoding?: string) =>
    handler({ request: { uri, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': { value: acceptEncoding } } } }).uri;

  it('rewrites paths without an extension and leaves files alone', () => {
    expect(uriFor('/tasks/123')).toBe('/index.html');
    expect(uriFor('/', 'gzip, br')).toBe('/index.html');
    expect(uriFor('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(uriFor('/config.json', 'gzip, deflate, br')).toBe('/config.json');
    expect(uriFor('/assets/PhotoUploadWidget-x.css', 'br')).toBe('/assets/PhotoUploadWidget-x.css');
  });

  it("answers the site's own pages (the API reference at /developers) with their file, not the app", () => {
    expect(uriFor('/developers', 'gzip, br')).toBe('/developers.html');
    expect(uriFor('/developers/')).toBe('/developers.html');
    expect(uriFor('/developers.html')).toBe('/developers.html');
    expect(uriFor('/developers/x')).toBe('/index.html');
    expect(uriFor('/developersx')).toBe('/index.html');
    expect(uriFor('/constructor')).toBe('/index.html');
  });

  it("answers every guest's /g/<token> page with guest.html (issue 40 point 4), and nothing else under /g", () => {
    expect(uriFor('/g/SZtJiyg1J57bLzbnIkraEEHeifjr-_0123456789abc', 'gzip, br')).toBe('/guest.html');
    expect(uriFor('/g/abc_DEF-1/')).toBe('/guest.html');
    expect(uriFor('/g/abc/x')).toBe('/index.html');
    expect(uriFor('/g/')).toBe('/index.html');
    expect(uriFor('/g/a.png')).toBe('/g/a.png');
  });

  it("sends a script's Brotli copy to the clients that accept Brotli, and the plain script to the others", () => {
    // What Chrome, Firefox and Safari send over HTTPS.
    expect(uriFor('/assets/index-abc.js', 'gzip, deflate, br, zstd')).toBe('/assets/index-abc.js.br');
    expect(uriFor('/assets/react-x.js', 'br')).toBe('/assets/react-x.js.br');
    expect(uriFor('/assets/react-x.js', 'gzip;q=1.0, BR;q=0.5')).toBe('/assets/react-x.js.br');
    expect(uriFor('/assets/react-x.js', 'gzip, deflate')).toBe('/assets/react-x.js');
    expect(uriFor('/assets/react-x.js', 'br;q=0, gzip')).toBe('/assets/react-x.js');
    expect(uriFor('/assets/react-x.js', 'brotli-ish, gzip')).toBe('/assets/react-x.js');
    expect(uriFor('/assets/react-x.js')).toBe('/assets/react-x.js');
    // Only the hashed scripts have a copy: not the source maps, the service worker or the pages.
    expect(uriFor('/assets/react-x.js.map', 'br')).toBe('/assets/react-x.js.map');
    expect(uriFor('/sw.js', 'br')).toBe('/sw.js');
  });

  it('adds the security headers to the site and the API', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          XSSProtection: { Protection: true, ModeBlock: true, Override: true },
          ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: Match.anyValue() },
        },
      },
    });
    const policyId = distribution().DefaultCacheBehavior.ResponseHeadersPolicyId;
    expect(distribution().CacheBehaviors[0].ResponseHeadersPolicyId).toEqual(policyId);
  });

  it("allows images and uploads to the stage's photo bucket only in the CSP", () => {
    const policy = Object.values(resources(template, 'AWS::CloudFront::ResponseHeadersPolicy'))[0];
    const csp = JSON.stringify(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' https:\/\/rentalops-dev-photos-/);
  });

  it('logs viewer requests to the access-log bucket', () => {
    expect(distribution().Logging).toEqual({ Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^ObservabilityAccessLogs/), 'RegionalDomainName'] }, Prefix: 'cloudfront/' });
  });

  it('writes config.json at deploy time with the pool, the client and the Hosted UI of the stage, and invalidates the cache', () => {
    // The asset is read from the app's output: a dev app with two routes (its config.json takes none),
    // not the whole table's, which this file would synthesise for it alone.
    const platform = synthStage('dev', PLATFORM_ONLY);
    const pages = Object.entries(resources(platform.template, 'Custom::CDKBucketDeployment')).find(([id]) => id.startsWith('WebDeployPages'))![1] as Resource;
    expect(pages.Properties).toMatchObject({ Prune: true, Exclude: ['assets/*'], DistributionPaths: ['/*'], DistributionId: { Ref: expect.stringMatching(/^WebDistribution/) } });
    const markers = pages.Properties.SourceMarkers[1] as Record<string, unknown>;
    const key = (pages.Properties.SourceObjectKeys as string[])[1].replace(/\.zip$/, '');
    const json = readFileSync(path.join(platform.app.outdir, `asset.${key}`, 'config.json'), 'utf8');
    const config = JSON.parse(json.replace(/<<marker:0xbaba:\d+>>/g, (marker) => `@${JSON.stringify(markers[marker]).replace(/"/g, "'")}`));
    expect(config).toEqual({
      stage: 'dev',
      region: 'us-east-1',
      apiBaseUrl: '/api',
      auth: {
        userPoolId: expect.stringMatching(/^@\{'Ref':'AuthUserPool/),
        clientId: expect.stringMatching(/^@\{'Ref':'AuthUserPoolWebClient/),
        hostedUiUrl: expect.stringMatching(/^https:\/\/@\{'Ref':'AuthUserPoolHostedUi.*\.auth\.us-east-1\.amazoncognito\.com$/),
        loginUrl: '/api/login',
        logoutUrl: '/api/logout',
      },
    });
  });

  it('uploads hashed assets as immutable and never prunes them', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      Exclude: ['*', 'assets/*.br'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it("uploads the scripts' Brotli copies as Brotli-encoded scripts, immutable and never pruned", () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*.js.br'],
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable', 'content-encoding': 'br', 'content-type': 'text/javascript; charset=utf-8' },
    });
  });

  it('publishes index.html only after the scripts it names, plain and Brotli, are uploaded', () => {
    const deployments = resources(template, 'Custom::CDKBucketDeployment');
    const idOf = (include: string[] | undefined) => Object.entries(deployments).find(([, resource]) => JSON.stringify(resource.Properties.Include) === JSON.stringify(include))![0];
    const pages = Object.values(deployments).find((resource) => resource.Properties.Prune === true)!;
    expect(pages.DependsOn).toEqual(expect.arrayContaining([idOf(['assets/*']), idOf(['assets/*.js.br'])]));
  });

  it('serves a custom domain with its certificate, TLS 1.2 and alias records when configured', () => {
    const custom = synthStage('prod', {
      ...PLATFORM_ONLY,
      config: {
        domain: {
          name: 'app.example.com',
          certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
          hostedZone: { id: 'Z0123456789ABCDEFGHIJ', name: 'example.com' },
        },
      },
    }).template;
    custom.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['app.example.com'],
        ViewerCertificate: {
          AcmCertificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab',
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    for (const type of ['A', 'AAAA']) {
      custom.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'app.example.com.', Type: type, HostedZoneId: 'Z0123456789ABCDEFGHIJ' });
    }
    custom.hasResourceProperties('AWS::Cognito::UserPoolClient', { CallbackURLs: ['https://app.example.com/api/callback'] });
  });
});
