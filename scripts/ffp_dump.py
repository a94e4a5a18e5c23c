#!/usr/bin/env python3
"""The peer side of `lectern --inspect-feed` in make bench: parse FILE with fastfeedparser
and write the result to standard output as JSON."""
import json, sys
import fastfeedparser

with open(sys.argv[1], "rb") as f:
    feed = fastfeedparser.parse(f.read())
sys.stdout.write(json.dumps(feed, default=str))
sys.stdout.write("\n")
