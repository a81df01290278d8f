#include "sim/granular/GranularPhases.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <cmath>
#include <memory>
#include <thread>

#include "sim/granular/ContactUpdates.h"

namespace impactlab::granular::phases {

namespace {

// One Gauss-Seidel update of contact c; returns |W delta|^2.
double relaxContact(const GranularOptions& o, GaussSeidelSweeper::Twists& twists, const std::vector<Vec3>& obstacles,
                    Contact& c) {
    const Vec3 vFree = calcRelativeVelocity(twists, obstacles, c) - applyW(c, c.impulse);
    const Vec3 target = solveContact(o, c, vFree);
    const Vec3 delta = o.relaxation * (target - c.impulse);
    applyImpulse(twists, c, delta);
    c.impulse += delta;
    return applyW(c, delta).squaredNorm();
}

GaussSeidelSweeper::Twist makeTwist(const Sphere& s, const Vec3& velocity) {
    return GaussSeidelSweeper::Twist{velocity, s.angularVelocity, getInverseMass(s), getInverseInertia(s)};
}

}  // namespace

void GaussSeidelSweeper::load(const GranularWorld& world) {
    const auto& spheres = world.spheres;
    const int ns = static_cast<int>(spheres.size());
    twists_.resize(spheres.size());
    const int threads = getThreadCount(world.options, ns);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < ns; ++i) twists_[i] = makeTwist(spheres[i], spheres[i].velocity);
    obstacles_ = getObstacleVelocities(world);
}

void GaussSeidelSweeper::load(const GranularWorld& world, const Vec3& kick) {
    const auto& spheres = world.spheres;
    const int ns = static_cast<int>(spheres.size());
    twists_.resize(spheres.size());
    const int threads = getThreadCount(world.options, ns);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < ns; ++i) twists_[i] = makeTwist(spheres[i], spheres[i].velocity + kick);
    obstacles_ = getObstacleVelocities(world);
}

void GaussSeidelSweeper::store(GranularWorld& world) const {
    auto& spheres = world.spheres;
    const int ns = static_cast<int>(spheres.size());
    const int threads = getThreadCount(world.options, ns);
#pragma omp parallel for num_threads(threads) if (threads > 1) schedule(static)
    for (int i = 0; i < ns; ++i) {
        spheres[i].velocity = twists_[i].velocity;
        spheres[i].angularVelocity = twists_[i].angularVelocity;
    }
}

double GaussSeidelSweeper::sweepTask(const GranularOptions& o, ContactList& contacts, int task) {
    double change = 0.0;
    for (int k = order_.taskStarts[task]; k < order_.taskStarts[task + 1]; ++k)
        change = std::max(change, relaxContact(o, twists_, obstacles_, contacts[k]));
    return change;
}

void GaussSeidelSweeper::planTasks() {
    planned_ = true;
    const int depth = order_.depth, tasks = order_.taskCount();
    parent_.assign(tasks, -1);
    firstDeps_.assign(tasks, 0);
    for (int level = depth; level > 0; --level)
        for (int j = 0; j < 1 << level; ++j) {
            parent_[order_.levelStart(level) + j] = order_.levelStart(level - 1) + (j >> 1);
            firstDeps_[order_.levelStart(level - 1) + (j >> 1)] += 1;   // its two children
        }
    // A task's next sweep waits for its own, and for each separator above it
    // whose contacts reach one of its leaves (the only earlier tasks it can
    // share a sphere with that its children do not already wait for).
    laterDeps_ = firstDeps_;
    std::vector<std::vector<int>> waiting(tasks);
    for (int level = 0; level <= depth; ++level)
        for (int j = 0; j < 1 << level; ++j) {
            const int above = order_.levelStart(level) + j;
            waiting[above].push_back(above);
            for (int below = level + 1; below <= depth; ++below) {
                const int span = 1 << (depth - below);   // leaves under a node of level `below`
                for (int m = j << (below - level); m < (j + 1) << (below - level); ++m)
                    if (order_.touchesAny(above, m * span, (m + 1) * span))
                        waiting[above].push_back(order_.levelStart(below) + m);
            }
        }
    firstNext_.assign(static_cast<std::size_t>(tasks) + 1, 0);
    next_.clear();
    for (int task = 0; task < tasks; ++task) {
        firstNext_[task] = static_cast<int>(next_.size());
        for (int k : waiting[task]) ++laterDeps_[k];
        next_.insert(next_.end(), waiting[task].begin(), waiting[task].end());
    }
    firstNext_[tasks] = static_cast<int>(next_.size());
}

int GaussSeidelSweeper::claimLeaf(int t, int team, int sweeps, int& firstSweep, std::atomic<int>* pending) const {
    const int leaves = 1 << order_.depth, tasks = order_.taskCount();
    // Its own range in every sweep first (the spheres stay in this core's
    // cache), then the others' from their ends.
    for (int i = 0; i < team; ++i) {
        const int u = (t + i) % team, first = leaves * u / team, end = leaves * (u + 1) / team;
        for (int s = firstSweep; s < sweeps; ++s) {
            std::atomic<int>* sweep = pending + static_cast<std::ptrdiff_t>(s) * tasks;
            for (int m = 0; m < end - first; ++m) {
                const int leaf = i == 0 ? first + m : end - 1 - m;
                int ready = 0;
                if (sweep[leaf].compare_exchange_strong(ready, -1, std::memory_order_acquire)) return s * tasks + leaf;
            }
        }
    }
    // Sweeps whose leaves are all taken need no more looking at.
    while (firstSweep < sweeps) {
        std::atomic<int>* sweep = pending + static_cast<std::ptrdiff_t>(firstSweep) * tasks;
        bool taken = true;
        for (int leaf = 0; leaf < leaves && taken; ++leaf) taken = sweep[leaf].load(std::memory_order_relaxed) < 0;
        if (!taken) break;
        ++firstSweep;
    }
    return -1;
}

double GaussSeidelSweeper::sweepsLoaded(const GranularOptions& o, ContactList& contacts, int sweeps) {
    const int nc = static_cast<int>(contacts.size());
    if (nc == 0 || sweeps < 1) return 0.0;
    const int threads = getThreadCount(o, nc);
    if (threads == 1) {   // the same sweeps without a team (whose start costs a small world's whole step)
        double change = 0.0;
        for (int s = 0; s < sweeps; ++s) {
            change = 0.0;
            for (Contact& c : contacts) change = std::max(change, relaxContact(o, twists_, obstacles_, c));
        }
        return std::sqrt(change);
    }
    if (!planned_) planTasks();
    const int tasks = order_.taskCount(), leaves = 1 << order_.depth;
    const int items = sweeps * tasks;
    // pending[s * tasks + k]: what task k of sweep s still waits for (-1: a leaf taken).
    std::unique_ptr<std::atomic<int>[]> pending(new std::atomic<int>[static_cast<std::size_t>(items)]);
    for (int s = 0; s < sweeps; ++s)
        for (int k = 0; k < tasks; ++k)
            pending[s * tasks + k].store(s == 0 ? firstDeps_[k] : laterDeps_[k], std::memory_order_relaxed);
    std::atomic<int> done{0};
    std::vector<double> lastChange(threads, 0.0);
#pragma omp parallel num_threads(threads)
    {
#ifdef _OPENMP
        const int team = omp_get_num_threads(), t = omp_get_thread_num();
#else
        const int team = 1, t = 0;
#endif
        double mine = 0.0;        // this thread's largest change in the last sweep
        std::vector<int> ready;   // separators whose wait this thread completed
        int firstSweep = 0;
        // Acquire-release: whoever runs a task sees every update of what it waited for.
        auto release = [&](int s, int k) {
            if (s + 1 < sweeps)
                for (int m = firstNext_[k]; m < firstNext_[k + 1]; ++m) {
                    const int item = (s + 1) * tasks + next_[m];
                    if (pending[item].fetch_sub(1, std::memory_order_acq_rel) == 1 && next_[m] >= leaves)
                        ready.push_back(item);   // a ready leaf is claimed instead (claimLeaf)
                }
            if (parent_[k] >= 0 && pending[s * tasks + parent_[k]].fetch_sub(1, std::memory_order_acq_rel) == 1)
                ready.push_back(s * tasks + parent_[k]);   // pushed last: swept next
            done.fetch_add(1, std::memory_order_release);
        };
        while (true) {
            int item = -1;
            if (!ready.empty()) {
                item = ready.back();
                ready.pop_back();
            } else if ((item = claimLeaf(t, team, sweeps, firstSweep, pending.get())) < 0) {
                if (done.load(std::memory_order_acquire) == items) break;
                std::this_thread::yield();
                continue;
            }
            const int s = item / tasks, k = item % tasks;
            const double change = sweepTask(o, contacts, k);
            if (s + 1 == sweeps) mine = std::max(mine, change);
            release(s, k);
        }
        lastChange[t] = mine;
    }
    return std::sqrt(*std::max_element(lastChange.begin(), lastChange.end()));
}

double GaussSeidelSweeper::sweep(GranularWorld& world, ContactList& contacts) {
    load(world);
    const double change = sweepLoaded(world.options, contacts);
    store(world);
    return change;
}

}  // namespace impactlab::granular::phases
