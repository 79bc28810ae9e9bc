# Drawn by dominolab; run again with: cd <this report's directory> && gnuplot plots/pairwise.gp
set datafile separator ","
set encoding utf8
set key noautotitle
if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) { set terminal pngcairo noenhanced size 960,600 font ",10" } else { set terminal png noenhanced size 960,600 }
set output "plots/pairwise.png"
set title "Paired score of the row agent against the column agent\nbingo, 2 players, 100,000 deals a pair"
set xlabel "column agent"
set ylabel "row agent"
set cblabel "paired score: mean score a deal block (0.5 even; grey: the agent itself)"
set palette defined (0 "#b2182b", 0.5 "#f7f7f7", 1 "#2166ac")
set cbrange [0:1]
set xtics rotate by 30 right
set size ratio -1
set yrange [] reverse
plot "pairwise_matrix.csv" matrix rowheaders columnheaders using 1:2:3 with image, "" matrix rowheaders columnheaders using ($1 == $2 ? $1 : NaN):2:(0.5):(0.5) with boxxyerror fillstyle solid 1.0 noborder lc rgb "#a0a0a0", "" matrix rowheaders columnheaders using 1:2:($1 == $2 ? "—" : $3 == $3 ? sprintf("%.3f", $3) : "no games") with labels
set terminal svg noenhanced size 960,600 dynamic font ",10"
set output "plots/pairwise.svg"
replot
unset output
