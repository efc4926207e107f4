import { Container, Title } from "@mantine/core";

export default function Home() {
  return (
    <Container py="xl">
      <Title>Home</Title>
    </Container>
  );
}
