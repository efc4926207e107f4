import { Box, Container, type MantineSize, Text, Title } from "@mantine/core";

/** The band at the top of every lead page: title and one line of reassurance. */
export function LeadPageHeader({ title, intro, size = "lg" }: { title: string; intro: string; size?: MantineSize }) {
  return (
    <Box style={{ background: "linear-gradient(135deg, #0b2e1f 0%, #13804d 100%)" }} c="white" py={{ base: 32, sm: 48 }}>
      <Container size={size}>
        <Title order={1} fz={{ base: 28, sm: 40 }}>
          {title}
        </Title>
        <Text mt="xs" fz={{ base: "md", sm: "lg" }} maw={640} c="rgba(255,255,255,0.85)">
          {intro}
        </Text>
      </Container>
    </Box>
  );
}
