# Drawn by dominolab; run again with: cd <this report's directory> && gnuplot plots/ratings.gp
set datafile separator ","
set encoding utf8
set key noautotitle
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) { set terminal pngcairo noenhanced size 960,600 font ",10" } else { set terminal png noenhanced size 960,600 }
set output "plots/ratings.png"
set title "Ratings with 95% intervals (greedy = 0)\nbingo, 2 players, 100,000 deals a pair"
set xlabel "Elo relative to greedy"
set grid xtics
set offsets graph 0.05, graph 0.05, 0.5, 0.5
unset ytics
set ytics scale 0
plot "ratings.csv" skip 1 using 3:(-$1):4:5:ytic(2) with xerrorbars pointtype 7 lc rgb "#2166ac"
set terminal svg noenhanced size 960,600 dynamic font ",10"
set output "plots/ratings.svg"
replot
unset output
