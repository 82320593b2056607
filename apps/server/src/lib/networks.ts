import { BlockList } from 'node:net';

/** A BlockList of networks written as CIDR, by family: `{ ipv4: ['10.0.0.0/8'], ipv6: ['fc00::/7'] }`. */
export function blockListOf(networks: { ipv4: readonly string[]; ipv6: readonly string[] }): BlockList {
  const list = new BlockList();
  for (const family of ['ipv4', 'ipv6'] as const)
    for (const network of networks[family]) {
      const [address = '', prefix] = network.split('/');
      list.addSubnet(address, Number(prefix), family);
    }
  return list;
}
