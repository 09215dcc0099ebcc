/**
 * Artifacts the runtime's browser test and benchmark render (issue 38): one of each previewed type,
 * the React one with shadcn/ui (three import styles), recharts and lucide.
 */

export const SAMPLE_HTML = `<!doctype html>
<html>
  <head>
    <script src="https://cdn.tailwindcss.com"></script>
    <style>#greeting { color: rgb(200, 0, 0); }</style>
  </head>
  <body>
    <h1 id="greeting">Hello</h1>
    <button id="add" onclick="count.textContent = String(Number(count.textContent) + 1)">Add</button>
    <span id="count">0</span>
    <p id="styled" class="font-bold text-3xl">Styled by Tailwind</p>
    <script>document.getElementById('greeting').textContent += ' from a script';</script>
  </body>
</html>`;

export const SAMPLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">
  <circle id="dot" cx="60" cy="60" r="50" fill="teal" />
  <text x="60" y="65" text-anchor="middle" fill="white">SVG ok</text>
</svg>`;

export const SAMPLE_MERMAID = `graph TD
  A[Start] --> B{Ready?}
  B -->|Yes| C[Ship it]
  B -->|No| D[Fix it]`;

export const SAMPLE_REACT = `import React, { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import { Rocket } from 'lucide-react';

type Day = { name: string; sales: number };
const data: Day[] = [{ name: 'Mon', sales: 4 }, { name: 'Tue', sales: 7 }, { name: 'Wed', sales: 5 }];

export default function Dashboard(): JSX.Element {
  const [count, setCount] = useState<number>(0);
  return (
    <Card className="m-4 max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2"><Rocket /> Weekly sales</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <BarChart width={300} height={160} data={data}>
          <XAxis dataKey="name" />
          <YAxis />
          <Bar dataKey="sales" fill="#2563eb" isAnimationActive={false} />
        </BarChart>
        <Button onClick={() => setCount(count + 1)}>Clicked {count}</Button>
        <Badge variant="secondary">New</Badge>
        <Tabs defaultValue="one">
          <TabsList>
            <TabsTrigger value="one">One</TabsTrigger>
            <TabsTrigger value="two">Two</TabsTrigger>
          </TabsList>
          <TabsContent value="one">First tab</TabsContent>
          <TabsContent value="two">Second tab</TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}`;
