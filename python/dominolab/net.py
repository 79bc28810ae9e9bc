"""dominolab.net - the policy-and-value network file that the C agents read (`net`,
`pimc:rollout=net`; docs/agents.md, "net"), written from PyTorch, and the network itself.

The network: the observation vector (Game.observation_tensor) through a trunk of dense
layers with ReLU, then a policy head (one logit per action; illegal actions are masked
out by whoever reads them) and a value head (tanh: the result of the hand for the side of
the seat to move, +1 a win, -1 a loss). PyTorch is needed only to build and train one
(Debian's python3-torch); reading a file back needs numpy alone.
"""
from . import DominolabError, _numpy

MAGIC = "dominolab-net 1"


def make_model(observation_size, action_count, hidden=(128, 128)):
    """The network as a torch.nn.Module: trunk, then `policy` and `value` heads."""
    import torch

    class PolicyValueNet(torch.nn.Module):
        def __init__(self):
            super().__init__()
            widths = [observation_size, *hidden]
            self.trunk = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in zip(widths, widths[1:]))
            self.policy = torch.nn.Linear(widths[-1], action_count)
            self.value = torch.nn.Linear(widths[-1], 1)
            self.hidden = tuple(hidden)

        def forward(self, x):
            for layer in self.trunk:
                x = torch.relu(layer(x))
            return self.policy(x), torch.tanh(self.value(x)).squeeze(-1)

    return PolicyValueNet()


def export(model, path, game, comments=None):
    """Writes `model` (make_model's) to `path` in the format the C agents load; `game` the
    game's name; comments: {key: text} lines kept in the header (e.g. the command)."""
    layers = list(model.trunk)
    observation_size, action_count = layers[0].in_features, model.policy.out_features
    lines = [MAGIC, "game %s" % game, "observation %d" % observation_size, "actions %d" % action_count,
             "hidden " + " ".join(str(layer.out_features) for layer in layers)]
    for key, text in (comments or {}).items():
        if not key.isidentifier() or key in ("end", "game", "observation", "actions", "hidden") or "\n" in str(text):
            raise DominolabError("comment %r: a plain key, and text of one line" % (key,))
        lines.append("%s %s" % (key, text))
    lines.append("end")
    values = []
    for layer in layers + [model.policy, model.value]:
        values.append(layer.weight.detach().cpu().double().numpy().astype("<f4").ravel())
        values.append(layer.bias.detach().cpu().double().numpy().astype("<f4").ravel())
    body = _numpy().concatenate(values)
    if not _numpy().isfinite(body).all():
        raise DominolabError("the model has weights that are not finite numbers: nothing written")
    with open(path, "wb") as out:
        out.write(("\n".join(lines) + "\n").encode())
        out.write(body.tobytes())


def read_header(path):
    """The header lines of a model file as {key: text}."""
    header = {}
    with open(path, "rb") as f:
        first = f.readline().decode(errors="replace").rstrip("\n")
        if first != MAGIC:
            raise DominolabError("%s: not a dominolab network (its first line is %r)" % (path, first[:40]))
        for raw in f:
            line = raw.decode(errors="replace").rstrip("\n")
            if line == "end":
                return header
            key, _, text = line.partition(" ")
            header[key] = text
    raise DominolabError("%s: no 'end' line" % path)

