import { parseArtifactMode, type ModelSettings } from '@confab/shared';

/**
 * What the model is told about artifacts when a chat has them on (Settings → Beta, or an
 * agent's `artifacts`). The format is LibreChat's, so replies read the same in both apps; the
 * libraries and components named here are exactly those the preview runtime serves
 * (packages/artifact-runtime): anything else fails to import there.
 */

const BASE = `## Artifacts

You can show substantial, self-contained work as an artifact: the app renders it in a side panel next to the chat, with a live preview and its code, which the user can edit.

Use an artifact for a web page, an SVG image, a diagram or a React component that the user will run, change or reuse, usually more than 15 lines. Do not use one for short snippets, explanations, or content that only makes sense inside this conversation. Write at most one artifact per reply unless asked for more. When unsure, answer without one, and do not mention artifacts.

Write an artifact exactly like this, each marker on its own line, its content in one fenced code block:

:::artifact{identifier="sales-dashboard" type="application/vnd.react" title="Sales dashboard"}
\`\`\`tsx
export default function App() {
  return <h1 className="p-6 text-2xl font-bold">Sales</h1>;
}
\`\`\`
:::

- identifier: a short kebab-case name. To change an artifact written earlier, write it again in full with the same identifier (it becomes its next version); a new artifact gets a new identifier.
- title: a few words naming it.
- Always write the complete content: no placeholders, ellipses or "rest unchanged" comments. Never wrap the artifact itself in backticks.
- The preview has no network: nothing can be loaded from another site (no CDN scripts, stylesheets, fonts, images or API calls). Images may only be inline SVG or data: URLs.
- type is one of:
  - "text/html": a complete single-file HTML page, with its CSS in <style> and its JavaScript in <script>.
  - "image/svg+xml": one <svg> element with a viewBox (no fixed width or height).
  - "application/vnd.mermaid": a Mermaid diagram in plain Mermaid syntax (flowchart, sequence, class, state, ER, Gantt, pie...).
  - "application/vnd.react": one React component in TypeScript or JavaScript with JSX, the module's default export, needing no props. Style it with Tailwind CSS utility classes. It may import only: "react" (e.g. \`import { useState } from "react"\`), "lucide-react" icons (e.g. \`import { Camera } from "lucide-react"\`), "recharts" for charts, and "clsx", "tailwind-merge" and "class-variance-authority". Nothing else is installed.`;

/** shadcn/ui components the runtime serves: the module name after `@/components/ui/`, and its exports. */
export const SHADCN_COMPONENTS: readonly (readonly [string, string])[] = [
  ['accordion', 'Accordion, AccordionItem, AccordionTrigger, AccordionContent'],
  ['alert', 'Alert, AlertTitle, AlertDescription'],
  ['avatar', 'Avatar, AvatarImage, AvatarFallback'],
  ['badge', 'Badge'],
  ['button', 'Button'],
  ['card', 'Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter'],
  ['checkbox', 'Checkbox'],
  [
    'dialog',
    'Dialog, DialogTrigger, DialogContent, DialogHeader, DialogFooter, DialogTitle, DialogDescription, DialogClose',
  ],
  ['input', 'Input'],
  ['label', 'Label'],
  ['progress', 'Progress'],
  [
    'select',
    'Select, SelectTrigger, SelectValue, SelectContent, SelectItem, SelectGroup, SelectLabel, SelectSeparator',
  ],
  ['separator', 'Separator'],
  ['switch', 'Switch'],
  ['table', 'Table, TableHeader, TableBody, TableFooter, TableRow, TableHead, TableCell, TableCaption'],
  ['tabs', 'Tabs, TabsList, TabsTrigger, TabsContent'],
  ['textarea', 'Textarea'],
  ['tooltip', 'TooltipProvider, Tooltip, TooltipTrigger, TooltipContent'],
];

const SHADCN = `### shadcn/ui components

A React artifact may also use these shadcn/ui components (the standard shadcn/ui API and variants), each imported from "@/components/ui/<name>", e.g. \`import { Button } from "@/components/ui/button"\`. The helper \`cn\` is in "@/lib/utils". Prefer them for forms, cards, tables and dialogs.

${SHADCN_COMPONENTS.map(([name, exports]) => `- ${name}: ${exports}`).join('\n')}`;

/**
 * The instructions for an `artifacts` mode: the format and types for 'default', plus the
 * shadcn/ui components for 'shadcnui'. None for 'custom' (the user's own prompt says it) or off.
 */
export function artifactInstructions(mode: unknown): string | undefined {
  switch (parseArtifactMode(mode)) {
    case 'default':
      return BASE;
    case 'shadcnui':
      return `${BASE}\n\n${SHADCN}`;
    default:
      return undefined;
  }
}

/**
 * The settings a provider is called with: the artifact instructions after the chat's own system
 * prompt (LibreChat appends them too). Only the call sees them; the conversation stores the
 * settings as sent.
 */
export function withArtifactInstructions<T extends ModelSettings>(settings: T): T {
  const instructions = artifactInstructions(settings.artifacts);
  if (!instructions) return settings;
  const system = settings.system?.trim() ? `${settings.system}\n\n${instructions}` : instructions;
  return { ...settings, system };
}
