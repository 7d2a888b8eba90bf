"""ValueError from the ipaddress module validating a serving allow-list: a hostname where an address is expected, a network written with host bits set, an octet above 255."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import ipaddress
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CONFIG = [
    "bind: 0.0.0.0\nallowed_clients:\n  - 10.1.4.20\n  - 10.1.4.21\n  - localhost\n",
    "bind: 0.0.0.0\nallowed_networks:\n  - 10.0.0.0/8\n  - 192.168.10.7/24\n",
    "bind: 10.20.30.256\nallowed_clients:\n  - 10.1.4.20\n",
][V]
with open("serve.yaml", "w") as f:
    f.write(CONFIG)


def parse_allow_list(cfg):
    clients = [ipaddress.ip_address(c) for c in cfg.get("allowed_clients", [])]
    networks = [ipaddress.ip_network(n) for n in cfg.get("allowed_networks", [])]
    return clients, networks


def load_server_config(path):
    with open(path) as f:
        cfg = yaml.safe_load(f)
    bind = ipaddress.IPv4Address(cfg["bind"])
    clients, networks = parse_allow_list(cfg)
    return bind, clients, networks


bind, clients, networks = load_server_config("serve.yaml")
print(f"binding {bind}, {len(clients)} clients, {len(networks)} networks allowed")
