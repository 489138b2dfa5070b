// Reading a synthesised template the way the assertions need it: routes to integrations to
// functions, and a function's role and its policy statements.
import type { Template } from 'aws-cdk-lib/assertions';

export interface Resource {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string[];
}

export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

/**
 * The template's resources of a type. Template.findResources copies and matches the whole template on
 * each call, and the route checks ask once per route of the table (about 150 functions in a dozen
 * nested stacks): each answer is kept per template and type. Callers only read what they get.
 */
const found = new WeakMap<Template, Map<string, Record<string, Resource>>>();
export function resources(template: Template, type: string): Record<string, Resource> {
  let byType = found.get(template);
  if (!byType) found.set(template, (byType = new Map()));
  let result = byType.get(type);
  if (!result) byType.set(type, (result = template.findResources(type) as Record<string, Resource>));
  return result;
}

const json = new WeakMap<Template, Record<string, any>>();
/** The template as JSON, made once per template (Template.toJSON copies it on each call). */
export function templateJson(template: Template): Record<string, any> {
  let result = json.get(template);
  if (!result) json.set(template, (result = template.toJSON()));
  return result;
}

/** Logical id in a { Ref } or { Fn::GetAtt: [id, attr] } or a join containing one. */
export function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.Ref === 'string') return v.Ref;
  if (Array.isArray(v['Fn::GetAtt'])) return v['Fn::GetAtt'][0] as string;
  if (Array.isArray(v['Fn::Join'])) {
    for (const part of (v['Fn::Join'] as [string, unknown[]])[1]) {
      const id = referencedId(part);
      if (id) return id;
    }
  }
  return undefined;
}

/** A stage stack's template and its nested stacks' templates, by the nested stack's logical id. */
export interface StackTemplates {
  root: Template;
  nested: Map<string, Template>;
}

export interface Located {
  /** `<logical id>` in the root, `<nested stack logical id>/<logical id>` in a nested stack. */
  key: string;
  id: string;
  resource: Resource;
  template: Template;
}

/** Resources of a type in the stage stack and all its nested stacks. */
export function allResources(templates: StackTemplates, type: string): Located[] {
  const found: Located[] = Object.entries(resources(templates.root, type)).map(([id, resource]) => ({ key: id, id, resource, template: templates.root }));
  for (const [nestedId, template] of templates.nested) {
    for (const [id, resource] of Object.entries(resources(template, type))) found.push({ key: `${nestedId}/${id}`, id, resource, template });
  }
  return found;
}

/**
 * The resource a root-level value points at: `{ Ref | Fn::GetAtt: [id, ...] }` in the root, or
 * `{ Fn::GetAtt: [nestedStack, 'Outputs.X'] }` followed into the nested stack's output.
 */
export function resolveRootReference(templates: StackTemplates, value: unknown): { key: string; id: string; template: Template } | undefined {
  const getAtt = (value as { 'Fn::GetAtt'?: [string, string] } | undefined)?.['Fn::GetAtt'];
  if (getAtt && getAtt[1].startsWith('Outputs.')) {
    const nested = templates.nested.get(getAtt[0]);
    const output = ((nested ? templateJson(nested) : undefined)?.Outputs as Record<string, { Value: unknown }> | undefined)?.[getAtt[1].slice('Outputs.'.length)];
    const id = referencedId(output?.Value);
    return nested && id ? { key: `${getAtt[0]}/${id}`, id, template: nested } : undefined;
  }
  const id = referencedId(value);
  return id ? { key: id, id, template: templates.root } : undefined;
}

export interface RouteFunction {
  routeKey: string;
  /** Unique across the stage's stacks. */
  functionKey: string;
  fn: Resource;
  template: Template;
  /** The alias the integration invokes (in `template`), when it invokes one. */
  aliasId?: string;
}

/**
 * A value of a nested stack's template: a `{ Ref: parameter }` is followed to what the stage stack
 * passes in (a sibling nested stack's output), otherwise as in the stage stack.
 */
export function resolveReference(templates: StackTemplates, template: Template, value: unknown): { key: string; id: string; template: Template } | undefined {
  const ref = (value as { Ref?: string } | undefined)?.Ref;
  const nestedId = [...templates.nested.entries()].find(([, candidate]) => candidate === template)?.[0];
  const parameters = templateJson(template).Parameters as Record<string, unknown> | undefined;
  if (nestedId && ref && parameters?.[ref]) {
    const passed = (resources(templates.root, 'AWS::CloudFormation::Stack')[nestedId]?.Properties.Parameters as Record<string, unknown> | undefined)?.[ref];
    return resolveRootReference(templates, passed);
  }
  if (nestedId) {
    const id = referencedId(value);
    return id ? { key: `${nestedId}/${id}`, id, template } : undefined;
  }
  return resolveRootReference(templates, value);
}

/** Every API route with the function its integration invokes (wherever the route and the function live). */
export function routeFunctions(templates: StackTemplates): RouteFunction[] {
  return allResources(templates, 'AWS::ApiGatewayV2::Route').map(({ resource: route, template: routeTemplate }) => {
    const integrationId = referencedId(route.Properties.Target);
    const integration = integrationId ? resources(routeTemplate, 'AWS::ApiGatewayV2::Integration')[integrationId] : undefined;
    const target = resolveReference(templates, routeTemplate, integration?.Properties.IntegrationUri);
    // API routes invoke the function's `live` alias (CodeDeploy shifts it): follow it to the function.
    const alias = target ? (resources(target.template, 'AWS::Lambda::Alias')[target.id] as Resource | undefined) : undefined;
    const fnId = alias ? referencedId(alias.Properties.FunctionName) : target?.id;
    const fn = target && fnId ? (resources(target.template, 'AWS::Lambda::Function')[fnId] as Resource | undefined) : undefined;
    if (!target || !fn) throw new Error(`Route ${route.Properties.RouteKey} does not integrate a function of this stage`);
    return { routeKey: route.Properties.RouteKey as string, functionKey: target.key.replace(/[^/]+$/, fnId!), fn, template: target.template, aliasId: alias ? target.id : undefined };
  });
}

/** Every function built from a handler module (description ends with "(functions/handlers/<name>.ts)"). */
export function appFunctions(templates: StackTemplates): Located[] {
  return allResources(templates, 'AWS::Lambda::Function').filter((located) => /\(functions\/handlers\/.+\.ts\)$/.test(String(located.resource.Properties.Description ?? '')));
}

/** The function of functions/handlers/<handler>.ts, in whichever stack holds it. */
export function functionOf(templates: StackTemplates, handler: string): { key: string; fn: Resource; template: Template } {
  const matches = appFunctions(templates).filter((located) => String(located.resource.Properties.Description).endsWith(`(functions/handlers/${handler}.ts)`));
  if (matches.length !== 1) throw new Error(`Expected one function for ${handler}, found ${matches.length}`);
  return { key: matches[0].key, fn: matches[0].resource, template: matches[0].template };
}

/** The statements of the function's role (its inline policy), in the function's own template. */
export function roleStatements(template: Template, fn: Resource): Statement[] {
  const roleId = referencedId(fn.Properties.Role);
  const role = roleId ? resources(template, 'AWS::IAM::Role')[roleId] : undefined;
  if (!role) throw new Error('Function has no role of this stack');
  const inline = (role.Properties.Policies ?? []) as Array<{ PolicyDocument: { Statement: Statement[] } }>;
  const attached = Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((ref) => referencedId(ref) === roleId))
    .map((policy) => policy.Properties as { PolicyDocument: { Statement: Statement[] } });
  return [...inline, ...attached].flatMap((policy) => policy.PolicyDocument.Statement);
}

export const actionsOf = (statement: Statement): string[] => ([] as string[]).concat(statement.Action);

/** Every action the statements allow. */
export function allowedActions(statements: Statement[]): string[] {
  return statements.filter((s) => s.Effect === 'Allow').flatMap(actionsOf);
}

export function environmentOf(fn: Resource): Record<string, unknown> {
  return (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
}
